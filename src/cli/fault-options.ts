// The fault flags of decisions.md 4, shared by every calling command (ping, tools, invoke, and any
// other command that sends signed requests): one definition, turned into the client's Faults.

import type { Command } from 'commander';
import { Option } from 'commander';
import { SIGNED_HEADERS } from '../protocol/index.ts';
import type { Faults } from '../client/index.ts';
import { UsageError } from './errors.ts';
import { parseHeaderCase, parseHeaderValue, parseInteger } from './options.ts';
import type { HeaderCase } from './options.ts';

export interface FaultFlags {
  skewOffset?: number;
  wrongSecret?: boolean;
  tamperBody?: boolean;
  dropHeader?: string[];
  headerCase?: HeaderCase;
  protocolVersion?: string;
  replay?: boolean;
}

/** A century either way: far past any replay window, and still an exact integer once added to now. */
const MAX_SKEW_OFFSET_SECONDS = 100 * 366 * 86_400;

/**
 * `--drop-header` only makes sense for the headers the signing client adds; any other name (a typo,
 * `content-type`) would be silently ignored and the call would look like a passed fault test.
 */
function collectDroppedHeader(value: string, previous: string[] | undefined): string[] {
  const name = value.trim().toLowerCase();
  if (!(SIGNED_HEADERS as readonly string[]).includes(name))
    throw new UsageError(
      `--drop-header accepts only the signing headers ${SIGNED_HEADERS.join(', ')} (any letter case), got ${JSON.stringify(value.slice(0, 60))}`,
    );
  if (previous?.includes(name)) throw new UsageError(`--drop-header ${name} is given twice`);
  return [...(previous ?? []), name];
}

export function addFaultOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--skew-offset <seconds>',
        'fault: sign with the clock shifted by this many seconds (negative: in the past)',
      ).argParser(
        parseInteger('--skew-offset', { min: -MAX_SKEW_OFFSET_SECONDS, max: MAX_SKEW_OFFSET_SECONDS }),
      ),
    )
    .option('--wrong-secret', 'fault: sign with a random secret instead of the real one')
    .option('--tamper-body', 'fault: change one body byte after signing')
    .addOption(
      new Option(
        '--drop-header <name>',
        `fault: leave this signing header out (repeatable): ${SIGNED_HEADERS.join(', ')}`,
      ).argParser(collectDroppedHeader),
    )
    .addOption(
      new Option(
        '--header-case <case>',
        'fault: re-case the x-service-* header names: upper, lower or mixed',
      ).argParser(parseHeaderCase),
    )
    .addOption(
      new Option(
        '--protocol-version <v>',
        'fault: send this protocol version (body field and header)',
      ).argParser(parseHeaderValue('--protocol-version', { allowEmpty: true })),
    )
    .option('--replay', 'fault: deliver the identical signed request twice; the second answer is shown');
}

export function faultsFrom(flags: FaultFlags): Faults | undefined {
  const faults: Faults = {};
  if (flags.skewOffset !== undefined) faults.skewOffsetSeconds = flags.skewOffset;
  if (flags.wrongSecret) faults.wrongSecret = true;
  if (flags.tamperBody) faults.tamperBody = true;
  if (flags.dropHeader?.length) faults.dropHeaders = flags.dropHeader;
  if (flags.headerCase) faults.headerCase = flags.headerCase;
  if (flags.protocolVersion !== undefined) faults.protocolVersion = flags.protocolVersion;
  if (flags.replay) faults.replay = true;
  return Object.keys(faults).length > 0 ? faults : undefined;
}
