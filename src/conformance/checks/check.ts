// The shape of one catalogue entry: static facts (id, level, what is expected) and a run
// function that sends its request through the context and grades the answer.

import type { ConformanceContext } from '../context.ts';
import type { Verdict } from '../expect.ts';
import type { CheckLevel } from '../types.ts';

export interface CheckDefinition {
  id: string;
  level: CheckLevel;
  title: string;
  reference: string;
  expected: string;
  run(ctx: ConformanceContext): Promise<Verdict>;
}
