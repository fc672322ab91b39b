import os from 'node:os';

/** Whose work a slot is for: the company, then the person in it (issue 32: fair shares). */
export interface PoolOwner {
  companyId: string;
  userId: string;
}

interface Waiter {
  start: () => void;
  /** what the caller may ask the position of (a line's id) */
  tag?: string;
}

/** The work of one company waiting: its people in turn, each with their own queue in arrival order. */
interface CompanyQueue {
  people: Map<string, Waiter[]>;
}

/** Work without an owner (the server's own: speaker adaptation of a job, tools) waits under this key. */
const NOBODY = '';

/**
 * Bounds how many engine jobs (child processes) run at once; the others wait their turn. The turn is fair
 * (issue 32): a free slot goes to the next company in turn, and in that company to the next person in turn,
 * each person's work in the order it came. One learner's burst of fifty lines therefore delays another
 * learner's one line by at most one line, not fifty; and a company with a full class cannot starve a company
 * with one learner. Work without an owner takes its turn as one more company.
 */
export class Pool {
  readonly size: number;
  private running = 0;
  /** companies with work waiting, in turn order (the next to be served first) */
  private readonly companies = new Map<string, CompanyQueue>();

  constructor(size: number = os.availableParallelism()) {
    this.size = Math.max(1, Math.floor(size));
  }

  get active(): number {
    return this.running;
  }

  /** jobs waiting for a slot */
  get waiting(): number {
    let count = 0;
    for (const company of this.companies.values()) for (const queue of company.people.values()) count += queue.length;
    return count;
  }

  /** Resolves with a release function once a slot is free for this owner's turn; call it exactly once. */
  async acquire(owner?: PoolOwner, tag?: string): Promise<() => void> {
    if (this.running >= this.size) {
      await new Promise<void>((start) => this.enqueue(owner, { start, tag }));
    } else {
      this.running += 1;
    }
    return this.releaser();
  }

  /** A release function when a slot is free now, else undefined (the caller refuses the work). */
  tryAcquire(): (() => void) | undefined {
    if (this.running >= this.size) return undefined;
    this.running += 1;
    return this.releaser();
  }

  async run<T>(job: () => Promise<T>, owner?: PoolOwner, tag?: string): Promise<T> {
    const release = await this.acquire(owner, tag);
    try {
      return await job();
    } finally {
      release();
    }
  }

  /**
   * How many waiting jobs start before the one with this tag, in the fair order; undefined when no waiting
   * job has it (it runs already, or it is not this pool's).
   */
  ahead(tag: string): number | undefined {
    const order = this.order();
    const index = order.findIndex((waiter) => waiter.tag === tag);
    return index < 0 ? undefined : index;
  }

  private enqueue(owner: PoolOwner | undefined, waiter: Waiter) {
    const companyKey = owner?.companyId ?? NOBODY;
    const personKey = owner?.userId ?? NOBODY;
    let company = this.companies.get(companyKey);
    if (!company) {
      company = { people: new Map() };
      this.companies.set(companyKey, company);
    }
    const queue = company.people.get(personKey);
    if (queue) queue.push(waiter);
    else company.people.set(personKey, [waiter]);
  }

  /** The next waiting job in turn, taken out of the queues; its company and person go to the back. */
  private next(): Waiter | undefined {
    const first = this.companies.entries().next();
    if (first.done) return undefined;
    const [companyKey, company] = first.value;
    const [personKey, queue] = company.people.entries().next().value as [string, Waiter[]];
    const waiter = queue.shift();
    company.people.delete(personKey);
    if (queue.length) company.people.set(personKey, queue);
    this.companies.delete(companyKey);
    if (company.people.size) this.companies.set(companyKey, company);
    return waiter;
  }

  /** Every waiting job in the order next() would start them (the queues themselves untouched). */
  private order(): Waiter[] {
    const companies = [...this.companies.values()].map((company) => [...company.people.values()].map((q) => [...q]));
    const order: Waiter[] = [];
    while (companies.length) {
      const people = companies.shift() as Waiter[][];
      const queue = people.shift() as Waiter[];
      order.push(queue.shift() as Waiter);
      if (queue.length) people.push(queue);
      if (people.length) companies.push(people);
    }
    return order;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.next();
      if (next) next.start();
      else this.running -= 1;
    };
  }
}
