import { describe, expect, it } from 'vitest';
import {
  cutSimTitle,
  type FilterMember,
  type FilterSim,
  levelChecked,
  offeredMembers,
  simCheckState,
  toggleId,
  toggleLevel,
  toggleSim,
} from './filter-choices';
import type { ScoreFilterState } from './score-list';

const sim: FilterSim = {
  sim_id: 's1',
  title: 'Sim',
  product_id: 'p1',
  levels: [
    { level_id: 'l0', name: 'A', order: 0 },
    { level_id: 'l1', name: 'B', order: 1 },
    { level_id: 'l2', name: 'C', order: 2 },
  ],
};
const other = { sim_id: 's2', levels: ['x'] };

describe('sim titles in the panel', () => {
  it('cuts at 22 characters with an ellipsis', () => {
    expect(cutSimTitle('Exactly twenty-two ch.')).toBe('Exactly twenty-two ch.');
    const cut = cutSimTitle('Billing Dispute Call With A Very Long Title');
    expect(cut).toHaveLength(22);
    expect(cut).toBe('Billing Dispute Cal...');
  });
});

describe('sims and their levels', () => {
  it('ticks a sim with every level, and unticks it', () => {
    const on = toggleSim([other], sim);
    expect(on).toEqual([other, { sim_id: 's1', levels: [] }]);
    expect(simCheckState(on, sim)).toBe('checked');
    expect(sim.levels.every((l) => levelChecked(on, 's1', l.level_id))).toBe(true);
    expect(toggleSim(on, sim)).toEqual([other]);
  });

  it('ticking one level of an unticked sim chooses the sim with that level (indeterminate)', () => {
    const one = toggleLevel([], sim, 'l1');
    expect(one).toEqual([{ sim_id: 's1', levels: ['l1'] }]);
    expect(simCheckState(one, sim)).toBe('indeterminate');
    expect(levelChecked(one, 's1', 'l0')).toBe(false);
    expect(levelChecked(one, 's1', 'l1')).toBe(true);
  });

  it('unticking one level of a whole sim keeps the others, in level order', () => {
    expect(toggleLevel([{ sim_id: 's1', levels: [] }], sim, 'l1')).toEqual([{ sim_id: 's1', levels: ['l0', 'l2'] }]);
  });

  it('ticking the last missing level makes the sim whole again (no levels sent)', () => {
    expect(toggleLevel([{ sim_id: 's1', levels: ['l0', 'l2'] }], sim, 'l1')).toEqual([{ sim_id: 's1', levels: [] }]);
  });

  it('unticking the only level removes the sim from the filter', () => {
    expect(toggleLevel([other, { sim_id: 's1', levels: ['l2'] }], sim, 'l2')).toEqual([other]);
  });

  it('ticking an indeterminate sim chooses all of it', () => {
    expect(toggleSim([{ sim_id: 's1', levels: ['l2'] }], sim)).toEqual([{ sim_id: 's1', levels: [] }]);
  });
});

describe('the members offered', () => {
  const members: FilterMember[] = [
    { _id: 'm1', name: 'In g1', groups: ['g1'] },
    { _id: 'm2', name: 'In g2', groups: ['g2'] },
    { _id: 'm3', name: 'No group', groups: [] },
  ];
  const base: ScoreFilterState = {
    product: null,
    assigned: false,
    unAssigned: false,
    groups: [],
    members: [],
    sims: [],
    startDate: null,
    endDate: null,
    result: 'final',
  };
  const names = (f: Partial<ScoreFilterState>) => offeredMembers(members, { ...base, ...f }).map((m) => m._id);

  it.each([
    [{}, ['m1', 'm2', 'm3']],
    [{ assigned: true }, ['m1', 'm2']],
    [{ unAssigned: true }, ['m3']],
    [{ assigned: true, unAssigned: true }, ['m1', 'm2', 'm3']],
    [{ groups: ['g2'] }, ['m2']],
    [{ groups: ['g2'], members: ['m3'] }, ['m2', 'm3']],
  ] as [Partial<ScoreFilterState>, string[]][])('with %j offers %j', (filter, expected) => {
    expect(names(filter)).toEqual(expected);
  });

  it('adds and removes ids', () => {
    expect(toggleId(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleId(['a'], 'a', true)).toEqual(['a']);
  });
});
