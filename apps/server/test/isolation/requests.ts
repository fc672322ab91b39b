import { routePath } from '@sim/shared';
import type { Answer, Caller } from '../factories';
import { multipart } from '../factories';
import { getAt, type IdSlot, type Input, MULTIPART_FORMS, type RouteShape, sample, setAt } from './contract-ids';
import { EXCLUSIVE, type Kind, kindOf } from './record-kinds';
import type { RecordSet } from './tenants';

/**
 * The requests of the isolation test: a route's sample input with its ids filled from record sets (one
 * set per slot), and the call as one user. `companions` keeps a request coherent where another field must
 * match an id (the email of the user whose id is sent).
 */

export interface MappedSlot extends IdSlot {
  kind: Kind;
}

/** The id slots of a route with their kinds; the unmapped ones are answered apart. */
export function mapSlots(shape: RouteShape): { mapped: MappedSlot[]; unmapped: IdSlot[] } {
  const mapped: MappedSlot[] = [];
  const unmapped: IdSlot[] = [];
  for (const slot of shape.slots) {
    const kind = kindOf(shape.key, slot);
    if (kind) mapped.push({ ...slot, kind });
    else unmapped.push(slot);
  }
  return { mapped, unmapped };
}

/**
 * The slots a request fills when `swapped` are the ones changed: of the route's exclusive groups
 * (EXCLUSIVE) only the group of the first swapped slot (else the first group) is sent.
 */
export function slotsSent(shape: RouteShape, mapped: MappedSlot[], swapped: MappedSlot[]): MappedSlot[] {
  const groups = EXCLUSIVE[shape.key];
  if (!groups) return mapped;
  const pathOf = (s: MappedSlot) => s.path.join('.');
  const active = groups.find((g) => swapped.some((s) => g.includes(pathOf(s)))) ?? groups[0];
  const dropped = new Set(groups.filter((g) => g !== active).flat());
  return mapped.filter((s) => !dropped.has(pathOf(s)));
}

/** The input of a route with no ids filled in yet (placeholders), required fields sampled. */
export function skeleton(shape: RouteShape): Input {
  const placeholder = (name: string) => `<${name}>`;
  const part = (p: 'params' | 'query' | 'body') =>
    (shape.schemas[p] ? sample(shape.schemas[p], p, placeholder) : {}) as Record<string, unknown>;
  const input: Input = { params: part('params'), query: part('query'), body: shape.schemas.body ? part('body') : {} };
  if (shape.multipart) input.body = { ...(MULTIPART_FORMS[shape.key]?.fields ?? {}) };
  for (const name of Object.keys(input.params)) if (name === 'fileName') input.params[name] = 'file.pdf';
  return companionsOf(shape.key, input);
}

/** Fields a route needs beyond what its schema's required keys give (valid values, so the id is reached). */
function companionsOf(key: string, input: Input): Input {
  const body = (input.body ?? {}) as Record<string, unknown>;
  switch (key) {
    case 'POST /api/v1/sims/basicInfo':
      input.body = { title: 'Isolation', description: 'A sim of another company', _id: '<_id>' };
      break;
    case 'GET /api/v1/users/duplicate-email':
      input.query.emailId = 'nobody-isolation@example.test';
      break;
    case 'POST /api/v1/sims/scripts':
      input.body = { ...body, script: 'Thank you for calling.' };
      break;
    case 'POST /api/v1/roles/add-temp-role':
      input.body = { ...body, startDate: '2030-01-01', endDate: '2030-02-01' };
      break;
    case 'PATCH /api/v1/sims/avatars/update-details':
      input.body = {
        ...body,
        sim_characters: (['agent', 'coach', 'customer', 'other'] as const).map((type, i) => ({
          _id: i === 0 ? '<_id>' : null,
          type,
          name: `Person ${i}`,
          voice: 'Joanna',
          avatar: 'avatar-1',
        })),
      };
      break;
  }
  return input;
}

/** The input with every slot filled from the record set `setOf(slot)` answers. */
export function fill(
  shape: RouteShape,
  all: MappedSlot[],
  slots: MappedSlot[],
  setOf: (slot: MappedSlot) => RecordSet,
  extra: { emails: Map<string, string>; globals: Record<string, string>; attachmentUrl: string },
  /** a list slot also holding this set's id first (an own id beside another's) */
  mixedWith?: (slot: MappedSlot) => RecordSet | undefined,
): Input {
  let input: Input = structuredClone(skeleton(shape));
  // the fields of an exclusive group not sent are left out
  for (const slot of all) {
    if (slots.includes(slot)) continue;
    const parent = getAt(input[slot.part], slot.path.slice(0, -1)) as Record<string, unknown> | undefined;
    if (parent && typeof parent === 'object') delete parent[slot.path[slot.path.length - 1]];
  }
  for (const slot of slots) {
    const id =
      slot.kind === 'global' || slot.kind === 'nested' || slot.kind === 'signed'
        ? (extra.globals[slot.name] ?? extra.globals.default)
        : setOf(slot)[slot.kind];
    const first = (mixedWith?.(slot) as Record<string, string> | undefined)?.[slot.kind];
    const value = slot.many ? (first && first !== id ? [first, id] : [id]) : id;
    input = { ...input, [slot.part]: setAt(input[slot.part], slot.path, value) };
  }
  if (shape.key === 'POST /api/v1/help-desk/tickets/attachments/add')
    input.body = { ...(input.body as object), attachment: { url: extra.attachmentUrl, file_name: 'shot.png' } };
  if (shape.key === 'POST /api/v1/login/login-to-agent-account') {
    const body = input.body as Record<string, unknown>;
    body.email = extra.emails.get(String(body.id)) ?? 'nobody@example.test';
  }
  return input;
}

/** The ids a request holds in its slots (to know which were another company's). */
export function idsIn(input: Input, slots: MappedSlot[]): string[] {
  return slots.flatMap((s) => {
    const v = getAt(input[s.part], s.path);
    return Array.isArray(v) ? v.map(String) : [String(v)];
  });
}

/** Sends a route's input as the caller. */
export function send(as: Caller, shape: RouteShape, input: Input): Promise<Answer> {
  const url = routePath(shape.route.url, { ...input.params, '*': input.params['*'] ?? 'index.html' });
  const query = new URLSearchParams(
    Object.entries(input.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const target = query ? `${url}?${query}` : url;
  const method = shape.route.method;
  const form = MULTIPART_FORMS[shape.key];
  if (shape.multipart && shape.key !== 'POST /api/v1/sims/basicInfo') {
    const fields = Object.fromEntries(
      Object.entries(input.body as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const files = form?.file
      ? [{ field: form.file.field, filename: form.file.name, contentType: form.file.type, data: Buffer.from('x') }]
      : [];
    const body = multipart(fields, files);
    return as.inject({ method, url: target, headers: body.headers, payload: body.payload });
  }
  const hasBody = method !== 'GET' && (shape.route.body !== undefined || shape.multipart);
  return as.inject({
    method,
    url: target,
    ...(hasBody ? { payload: input.body as Record<string, unknown> } : {}),
  });
}
