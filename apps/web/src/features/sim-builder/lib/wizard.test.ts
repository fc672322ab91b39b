import { DEFAULT_CALL_TYPE, WIZARD_STEPS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import {
  basicInfoDefaults,
  canSaveBasicInfo,
  characterForms,
  charactersComplete,
  startStep,
  toBasicInfoRequest,
  visibleSteps,
} from './wizard';

describe('visibleSteps', () => {
  it('hides Data Input for products whose type contains Voice Only', () => {
    expect(visibleSteps('Voice Only')).toEqual(['Basic Info', 'Select Avatars', 'Create Levels']);
    expect(visibleSteps('Voice Only, Premium')).not.toContain('Data Input');
  });
  it('shows all four steps otherwise', () => {
    expect(visibleSteps('Internal Data')).toEqual([...WIZARD_STEPS]);
    expect(visibleSteps(undefined)).toEqual([...WIZARD_STEPS]);
  });
});

describe('startStep', () => {
  it('keeps a step the stepper shows, refuses others', () => {
    const steps = visibleSteps('Voice Only');
    expect(startStep(2, steps)).toBe(2);
    expect(startStep(3, steps)).toBeNull();
    expect(startStep(-1, steps)).toBeNull();
  });
});

describe('basic information', () => {
  it('defaults to the first product and the first call type', () => {
    const values = basicInfoDefaults(null, [
      { _id: 'p1', name: 'Training SIM', type: 'Voice Only' },
      { _id: 'p2', name: 'Hiring SIM', type: 'Voice Only' },
    ]);
    expect(values.product_id).toBe('p1');
    expect(values.call_type).toBe(DEFAULT_CALL_TYPE);
    expect(values.title).toBe('');
  });
  it('needs a title and a description (blanks do not count)', () => {
    expect(canSaveBasicInfo({ title: '', description: 'd' })).toBe(false);
    expect(canSaveBasicInfo({ title: 't', description: '  ' })).toBe(false);
    expect(canSaveBasicInfo({ title: 't', description: 'd' })).toBe(true);
  });
  it('sends the id when editing and the step when asked', () => {
    const values = basicInfoDefaults(null, []);
    expect(toBasicInfoRequest({ ...values, title: 't', description: 'd' }, null, null)).not.toHaveProperty('_id');
    const request = toBasicInfoRequest(values, null, 'sim-1', 1);
    expect(request._id).toBe('sim-1');
    expect(request.activeStep).toBe(1);
    expect(request.hot_links).toEqual([]);
    expect(request.product_id).toBeUndefined();
  });
});

describe('characters', () => {
  it('gives the four cards in the order coach, agent, customer, other, with defaults for missing types', () => {
    const forms = characterForms([]);
    expect(forms.map((c) => c.type)).toEqual(['coach', 'agent', 'customer', 'other']);
    expect(forms[1]).toMatchObject({ name: 'You', voice: 'Joanna', avatar: 'avatar-6' });
  });
  it('is complete only when all four have a name and a voice', () => {
    const forms = characterForms([]);
    expect(charactersComplete(forms)).toBe(true);
    expect(charactersComplete(forms.map((c, i) => (i === 2 ? { ...c, name: ' ' } : c)))).toBe(false);
    expect(charactersComplete(forms.map((c, i) => (i === 0 ? { ...c, voice: '' as never } : c)))).toBe(false);
    expect(charactersComplete(forms.slice(1))).toBe(false);
  });
});
