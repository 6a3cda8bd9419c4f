// The one API contract between the UI and the engine (shared/style.md, "one contract, three
// transports"): every method's input and result, every pushed event. Channels are `domain:verb-noun`.

import type {
  AppInfoDto,
  BusinessToolDto,
  ConnectionDto,
  ConnectionInput,
  ConsoleSendInput,
  ExchangeDetailDto,
  FlowsDto,
  HistoryFilterDto,
  HistoryPageDto,
  HostRequestEventDto,
  LocalConnectorDto,
  OrgEventDto,
  OrganizationDto,
  SyncReportDto,
  TestReportDto,
  WorkspaceDto,
} from './types.ts';
import type { Result } from './result.ts';
import type { RehearsalDto, RehearsalStartInput } from './rotation.ts';
import type {
  HistoryCountDto,
  HistoryExportDto,
  HistoryExportInput,
  HistoryFacetsDto,
  HistoryImportDto,
  HistoryPrunedEventDto,
  HistoryRetentionDto,
  HistoryRetentionInput,
  HistorySliceInput,
  HistoryWindowDto,
  HistoryWindowInput,
  ReplayModeDto,
} from './history.ts';
import type { ExchangeSummaryDto } from './types.ts';
import type { DemoInvokeDto, DemoInvokeInput, DemoResetDto, DemoStateDto } from './demo.ts';
import type {
  ConformanceProgressDto,
  ConformanceReportDto,
  ConformanceRunInput,
  LoadProgressDto,
  LoadReportDto,
  LoadRunInput,
} from './runs.ts';
import type {
  ScenarioChangedEventDto,
  ScenarioListDto,
  ScenarioRunDto,
  ScenarioRunInput,
  ScenarioSaveFromExchangeInput,
  ScenarioStepEventDto,
  ScenarioTextDto,
  ScenarioWriteInput,
  ScenarioProblemDto,
} from './scenarios.ts';

import type { ListenRequestEventDto, ListenStartInput, ListenStatusDto, PairingDto } from './traffic.ts';

/** Method name -> [input, result]. Adding a method here is the only way to add one to the bridge. */
export interface Methods {
  'app:get-info': [void, AppInfoDto];
  'org:get': [void, OrganizationDto];
  'org:set-plan': [{ plan: 'free' | 'premium' }, OrganizationDto];
  'workspaces:list': [void, WorkspaceDto[]];

  'connections:list': [void, ConnectionDto[]];
  'connections:create': [ConnectionInput, ConnectionDto];
  'connections:update': [{ id: string; changes: ConnectionInput }, ConnectionDto];
  'connections:rotate-secret': [{ id: string }, ConnectionDto];
  'connections:delete': [{ id: string }, { deleted: true }];
  'connections:test': [{ id: string }, TestReportDto];
  'connections:sync-tools': [{ id: string; workspaceId?: string | null }, SyncReportDto];
  'connections:get-flows': [{ id: string }, FlowsDto];
  'connections:list-events': [{ id: string }, OrgEventDto[]];

  'tools:list': [{ workspaceId?: string; connectionId?: string }, BusinessToolDto[]];

  'console:send': [ConsoleSendInput, ExchangeDetailDto];

  'history:page': [{ filter?: HistoryFilterDto; before?: number; limit?: number }, HistoryPageDto];
  'history:get': [{ id: number }, ExchangeDetailDto];
  'history:export-curl': [{ id: number; mode: 'as-sent' | 're-signed' }, { command: string }];
  'history:export-har': [{ ids: number[]; includeSecrets?: boolean }, { har: unknown }];
  'history:count': [{ filter?: HistoryFilterDto }, HistoryCountDto];
  'history:slice': [HistorySliceInput, { items: ExchangeSummaryDto[] }];
  'history:window': [HistoryWindowInput, HistoryWindowDto];
  'history:facets': [void, HistoryFacetsDto];
  'history:replay': [{ id: number; mode: ReplayModeDto }, ExchangeDetailDto];
  'history:export': [HistoryExportInput, HistoryExportDto];
  'history:import': [{ content: string; fileName?: string }, HistoryImportDto];
  'history:get-retention': [void, HistoryRetentionDto];
  'history:set-retention': [HistoryRetentionInput, HistoryRetentionDto];

  'local:list': [void, LocalConnectorDto[]];
  'local:get-schema': [void, Record<string, unknown>];
  'local:save': [{ id?: string; definition: unknown }, LocalConnectorDto];
  'local:delete': [{ id: string }, { deleted: true }];
  'local:start': [{ id: string }, LocalConnectorDto];
  'local:stop': [{ id: string }, LocalConnectorDto];

  // Long runs answer their final report; progress comes as events carrying the same runId.
  'conformance:run': [ConformanceRunInput, ConformanceReportDto];
  'conformance:cancel': [{ runId: string }, { cancelled: boolean }];
  'conformance:export': [
    { runId: string; format: 'json' | 'junit' },
    { filename: string; mime: string; text: string },
  ];
  'load:run': [LoadRunInput, LoadReportDto];
  'load:cancel': [{ runId: string }, { cancelled: boolean }];

  // The guided demo: its own connector and connection, the assistant's tool calls, a clean restart.
  'demo:get-state': [void, DemoStateDto];
  'demo:create-connection': [void, DemoStateDto];
  'demo:invoke': [DemoInvokeInput, DemoInvokeDto];
  'demo:reset': [void, DemoResetDto];
  'rotation:get': [void, RehearsalDto | null];
  'rotation:start': [RehearsalStartInput, RehearsalDto];
  'rotation:advance': [void, RehearsalDto];
  'rotation:ping': [void, RehearsalDto];

  // Real traffic: what changed between sent and received, and the app's recording proxy.
  'history:pairing': [{ id: number }, PairingDto | null];
  'listen:start': [ListenStartInput, ListenStatusDto];
  'listen:stop': [void, ListenStatusDto];
  'listen:status': [void, ListenStatusDto];

  // Scenario collections: one folder at a time, its files edited, watched and run; a run's steps
  // come as events carrying the run id, its exchanges stay in History under the run's label.
  'scenarios:default-folder': [void, { folder: string | null }];
  'scenarios:get-schema': [void, Record<string, unknown>];
  'scenarios:list': [{ folder: string }, ScenarioListDto];
  'scenarios:read': [{ folder: string; file: string }, ScenarioTextDto];
  'scenarios:write': [ScenarioWriteInput, { name: string; problem: ScenarioProblemDto | null }];
  'scenarios:check': [{ file: string; text: string }, { problem: ScenarioProblemDto | null }];
  'scenarios:watch': [{ folder: string }, { folder: string }];
  'scenarios:run': [ScenarioRunInput, ScenarioRunDto];
  'scenarios:save-from-exchange': [ScenarioSaveFromExchangeInput, { name: string }];
}

/** Event name -> payload pushed from the engine to every listening UI. */
export interface Events {
  'host:request': HostRequestEventDto;
  'history:appended': { id: number };
  'history:pruned': HistoryPrunedEventDto;
  'connections:changed': { id: string };
  'conformance:progress': ConformanceProgressDto;
  'load:progress': LoadProgressDto;
  'listen:request': ListenRequestEventDto;
  'scenarios:changed': ScenarioChangedEventDto;
  'scenarios:step': ScenarioStepEventDto;
}

export type MethodName = keyof Methods;
export type EventName = keyof Events;
export type InputOf<M extends MethodName> = Methods[M][0];
export type OutputOf<M extends MethodName> = Methods[M][1];

/** Runtime list of the method and event names: the preload and the HTTP bridge refuse anything else. */
export const METHOD_NAMES = [
  'app:get-info',
  'org:get',
  'org:set-plan',
  'workspaces:list',
  'connections:list',
  'connections:create',
  'connections:update',
  'connections:rotate-secret',
  'connections:delete',
  'connections:test',
  'connections:sync-tools',
  'connections:get-flows',
  'connections:list-events',
  'tools:list',
  'console:send',
  'history:page',
  'history:get',
  'history:export-curl',
  'history:export-har',
  'history:count',
  'history:slice',
  'history:window',
  'history:facets',
  'history:replay',
  'history:export',
  'history:import',
  'history:get-retention',
  'history:set-retention',
  'local:list',
  'local:get-schema',
  'local:save',
  'local:delete',
  'local:start',
  'local:stop',
  'conformance:run',
  'conformance:cancel',
  'conformance:export',
  'load:run',
  'load:cancel',
  'demo:get-state',
  'demo:create-connection',
  'demo:invoke',
  'demo:reset',
  'rotation:get',
  'rotation:start',
  'rotation:advance',
  'rotation:ping',
  'history:pairing',
  'listen:start',
  'listen:stop',
  'listen:status',
  'scenarios:default-folder',
  'scenarios:get-schema',
  'scenarios:list',
  'scenarios:read',
  'scenarios:write',
  'scenarios:check',
  'scenarios:watch',
  'scenarios:run',
  'scenarios:save-from-exchange',
] as const satisfies readonly MethodName[];

export const EVENT_NAMES = [
  'host:request',
  'history:appended',
  'history:pruned',
  'connections:changed',
  'conformance:progress',
  'load:progress',
  'listen:request',
  'scenarios:changed',
  'scenarios:step',
] as const satisfies readonly EventName[];

/** The one IPC channel carrying every event to the window; each method travels on its own name. */
export const EVENT_CHANNEL = 'ctb:event';

/** Browser mode's per-launch token header: the page's HTTP client sends it, the server checks it. */
export const TOKEN_HEADER = 'x-ctb-token';

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && (METHOD_NAMES as readonly string[]).includes(name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
}

/** What the UI holds: one call function and one subscribe function, whatever the transport. */
export interface ApiClient {
  call<M extends MethodName>(method: M, input: InputOf<M>): Promise<Result<OutputOf<M>>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

/** What a transport serves: the engine-side implementation of every method. */
export type Handlers = { [M in MethodName]: (input: InputOf<M>) => Promise<OutputOf<M>> | OutputOf<M> };
