// CPU placement for paired throughput rounds: the servers under test share one CPU and the load
// generator has the other, so a round measures the server's own cost, not where the scheduler put it.

import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Pins every thread of the given processes (and the threads they start later) to the last CPU,
 * and this process to the first. On these 2-core VMs a bare server paired against a copy of
 * itself, 16 one-second rounds each, had a middle half of 0.73-1.06 unpinned and 0.96-1.02
 * pinned, minutes apart: the kernel was moving servers, their helper threads and the load
 * generator between the two CPUs. Pinning spares no server its own costs: its log writes,
 * History worker and garbage collector threads share its one CPU.
 * Returns what was done, for the bench's header line.
 */
export function pinApart(serverPids: number[]): string {
  const cpus = availableParallelism();
  if (cpus < 2) return 'not pinned (one CPU)';
  const serverCpu = String(cpus - 1);
  try {
    for (const pid of serverPids)
      execFileSync('taskset', ['-a', '-cp', serverCpu, String(pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
  } catch (error) {
    return `not pinned (taskset: ${(error as Error).message.split('\n')[0]})`;
  }
  return `servers pinned to CPU ${serverCpu}, the load generator to CPU 0`;
}
