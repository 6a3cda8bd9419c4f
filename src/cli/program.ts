// The `ctb` commander program, built with only the command family the argv names: each family's
// module (and what it pulls in: ajv, undici, hdr-histogram...) loads on demand, so --help starts fast.

import { Command, Help } from 'commander';
import { registerAppCommands } from './commands/app.ts';
import { packageVersion } from './package-info.ts';

type Register = (program: Command) => void;

interface CommandSummary {
  name: string;
  /** What the root help lists, as commander's Help.subcommandTerm prints the real command. */
  term: string;
  description: string;
}

interface Family {
  commands: CommandSummary[];
  load: () => Promise<Register>;
}

const summary = (name: string, description: string, term = `${name} [options]`): CommandSummary => ({
  name,
  term,
  description,
});

/**
 * Every family but the app's (serve and the bare `ctb`, always loaded: it owns the root options).
 * The summaries repeat what each module registers, so the root help needs no module at all;
 * test/unit/cli/program.test.ts fails when they drift apart.
 */
export const FAMILIES: Family[] = [
  {
    commands: [summary('connector', 'run a connector locally', 'connector')],
    load: () => import('./commands/connector.ts').then((m) => m.registerConnectorCommands),
  },
  {
    commands: [summary('platform', 'run the mock platform', 'platform')],
    load: () => import('./commands/platform.ts').then((m) => m.registerPlatformCommands),
  },
  {
    commands: [
      summary('ping', 'send a signed ping; exit 0 when the connector answers pong'),
      summary('tools', 'list the connector tools with a signed capabilities.list (--legacy: tools.list)'),
      summary('invoke', 'run one tool with a signed tool.invoke; exit 0 when the connector answers a result'),
    ],
    load: () => import('./commands/call.ts').then((m) => m.registerCallCommands),
  },
  {
    commands: [
      summary(
        'sign',
        'compute the three signing headers for a body (from --body-file, --body or standard input)',
      ),
      summary('verify', 'verify a captured request: exit 0 when valid, 1 with the failed check when not'),
      summary(
        'explain',
        'diagnose a captured request: which check fails and the signing mistake that explains it',
      ),
    ],
    load: () => import('./commands/signature.ts').then((m) => m.registerSignatureCommands),
  },
  {
    commands: [
      summary(
        'conformance',
        'grade a connector against the protocol: exit 0 when every must-level check passes, 1 otherwise',
      ),
    ],
    load: () => import('./commands/conformance.ts').then((m) => m.registerConformanceCommand),
  },
  {
    commands: [
      summary(
        'load',
        'signed load: every request signed with a fresh timestamp; reports req/s, latency percentiles and errors by code',
      ),
    ],
    load: () => import('./commands/load.ts').then((m) => m.registerLoadCommand),
  },
  {
    commands: [
      summary(
        'listen',
        'recording proxy in front of a connector: forwards byte-exact, verifies and explains every request, records it in History',
      ),
    ],
    load: () => import('./commands/listen.ts').then((m) => m.registerListenCommand),
  },
  {
    commands: [
      summary(
        'history',
        'read the History: list, show one exchange with its sent-vs-received pairing, export',
        'history',
      ),
    ],
    load: () => import('./commands/history.ts').then((m) => m.registerHistoryCommands),
  },
  {
    commands: [
      summary(
        'run',
        'run scenario files (a file or a folder of them) against a connector; exit 1 when an expectation fails',
        'run [options] <path>',
      ),
    ],
    load: () => import('./commands/run.ts').then((m) => m.registerRunCommand),
  },
  {
    commands: [
      summary(
        'rotate',
        'rotate the signing secret of a mock platform connection, with a grace period',
        'rotate',
      ),
    ],
    load: () => import('./commands/rotate.ts').then((m) => m.registerRotateCommands),
  },
];

/** The first word commander will dispatch on (root options and their values skipped; `help X` is X). */
export function commandWord(argv: string[]): string | undefined {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i];
    if (arg === '--') {
      words.push(...argv.slice(i + 1, i + 2));
      break;
    }
    if (arg === '--data-dir') i++;
    else if (!arg.startsWith('-')) words.push(arg);
    else if (words.length > 0) break;
  }
  return words[0] === 'help' ? words[1] : words[0];
}

export type Loading = 'argv' | 'all';

/**
 * The program for `argv`: the named family for real, the others as one-line stand-ins that the
 * root help lists. Should commander ever dispatch to a stand-in, it rebuilds with every family.
 */
export async function buildProgram(argv: string[], loading: Loading = 'argv'): Promise<Command> {
  const terms = new Map<Command, string>();
  const program = new Command('ctb')
    .description('Connector Testbench: mock platform, local connector host and signed-request tools')
    .version(packageVersion(), '-V, --version', 'print the version')
    // One line per usage error, like our own UsageError lines (commander's default is two lines).
    .configureOutput({
      outputError: (str, write) =>
        write(`ctb: ${str.replace(/^error: /, '').trimEnd()} (run with --help for usage)\n`),
    })
    .configureHelp({
      subcommandTerm: (cmd) => terms.get(cmd) ?? Help.prototype.subcommandTerm.call(new Help(), cmd),
    })
    .exitOverride();
  registerAppCommands(program);

  const word = commandWord(argv);
  for (const family of FAMILIES) {
    if (loading === 'all' || family.commands.some((c) => c.name === word)) {
      (await family.load())(program);
      continue;
    }
    for (const { name, term, description } of family.commands) {
      const standIn = program
        .command(name)
        .description(description)
        .helpOption(false)
        .allowUnknownOption()
        .allowExcessArguments()
        .action(async () => {
          const full = await buildProgram(argv, 'all');
          await full.parseAsync(argv, { from: 'user' });
        });
      terms.set(standIn, term);
    }
  }
  return program;
}
