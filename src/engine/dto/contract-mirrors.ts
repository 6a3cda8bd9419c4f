// Compile-time proof that every DTO of src/shared still mirrors the core type it is made from:
// drift is a type error here (npm run typecheck), not a cast that hides it. Nothing here runs.

import type * as Dto from '../../shared/index.ts';
import type { HistoryRetentionInput } from '../../shared/history.ts';
import type {
  BusinessTool,
  ConnectionStatus,
  ConnectionView,
  FlowsView,
  OrgEventView,
  Organization,
  RotationView,
  SsrfView,
  SyncReport,
  TestReport,
  Workspace,
} from '../../platform/index.ts';
import type { Faults } from '../../client/faults.ts';
import type { Diagnosis, MatchedCause, RequestType, ToolDefinition } from '../../protocol/index.ts';
import type { Exchange, ExchangeSummary, HistoryFilter, HistoryPage } from '../../store/history.ts';
import type { CheckLevel, CheckOutcome, CheckResult, ConformanceReport } from '../../conformance/index.ts';
import type { RetentionSettings } from '../history/retention.ts';
import type { LoadProgress, LoadReport, LoadRequestSpec, TimelinePoint } from '../../load/index.ts';
import type { RunHistory } from '../runs/run-history.ts';

/** Flattens intersections so `Omit<A, 'x'> & { x: T }` compares as the object it describes. */
type Flat<T> = { [K in keyof T]: T[K] };

/** True only when A and B are the same type (optional and readonly modifiers included). */
export type Equal<A, B> =
  (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

/** Fails to compile unless its argument is `true`. */
export type Expect<T extends true> = T;

/** Every field of T, none optional, null where the core leaves it out (the DTO spells absence as null). */
type Nullable<T> = { [K in keyof T]-?: Exclude<T[K], undefined> | null };

export type ContractMirrors = [
  // ---- platform ----
  Expect<Equal<Dto.ConnectionStatus, ConnectionStatus>>,
  Expect<Equal<Dto.SsrfVerdict, SsrfView>>,
  // The timeout and the last test stay engine-side; a missing URL crosses as ''; the secret only
  // in the answer that set it.
  Expect<
    Equal<
      Dto.ConnectionDto,
      Omit<ConnectionView, 'timeout_ms' | 'last_test' | 'webhook_url' | 'ssrf'> & {
        webhook_url: string;
        ssrf?: SsrfView;
        signing_secret?: string;
        rotation?: Dto.ConnectionRotationDto;
      }
    >
  >,
  Expect<
    Equal<
      Dto.ConnectionRotationDto,
      Omit<RotationView, 'connection_id' | 'state'> & { state: Exclude<RotationView['state'], 'none'> }
    >
  >,
  Expect<
    Equal<
      Dto.ConnectionInput,
      Partial<Pick<ConnectionView, 'name' | 'enabled' | 'workspace_id'>> & {
        webhook_url?: string;
        signing_secret?: string;
      }
    >
  >,
  // Request/trace ids and attempts stay in History; the UI links the last attempt's exchange.
  Expect<
    Equal<
      Dto.TestReportDto,
      Omit<TestReport, 'status' | 'request_id' | 'trace_id' | 'attempts' | 'exchange_ids'> & {
        status: ConnectionStatus;
        exchange_id?: number | null;
      }
    >
  >,
  Expect<
    Equal<
      Dto.SyncReportDto,
      Omit<SyncReport, 'metadata' | 'workspace_id' | 'trace_id'> & { metadata: unknown }
    >
  >,
  Expect<Equal<Dto.FlowsDto, FlowsView>>,
  // Verification details stay inside the testbench (decisions.md); a missing event id crosses as ''.
  Expect<
    Equal<
      Dto.OrgEventDto,
      Omit<OrgEventView, 'verified' | 'failure' | 'declared' | 'event_id'> & { event_id: string }
    >
  >,
  Expect<Equal<Dto.WorkspaceDto, Pick<Workspace, 'id' | 'name'>>>,
  Expect<Equal<Dto.OrganizationDto, Pick<Organization, 'id' | 'name' | 'plan'>>>,
  Expect<
    Equal<
      Dto.BusinessToolDto,
      Omit<BusinessTool, 'created_at' | 'updated_at' | 'definition'> & { definition: Dto.ToolDefinitionDto }
    >
  >,
  // `auth` is an open string and the schema plain JSON on the UI side.
  Expect<
    Equal<
      Dto.ToolDefinitionDto,
      Omit<ToolDefinition, 'auth' | 'input_schema'> & { auth: string; input_schema: Record<string, unknown> }
    >
  >,

  // ---- protocol and signing client ----
  Expect<Equal<Dto.RequestTypeDto, RequestType>>,
  Expect<Equal<Dto.FaultsDto, Faults>>,
  // The failed check and the cause cross as data the UI only displays.
  Expect<
    Equal<
      Dto.DiagnosisDto,
      Omit<Diagnosis, 'failedCheck' | 'cause'> & { failedCheck: string | null; cause: MatchedCause | null }
    >
  >,

  // ---- history ----
  Expect<Equal<Dto.ExchangeSummaryDto, ExchangeSummary>>,
  Expect<Equal<Dto.HistoryFilterDto, HistoryFilter>>,
  Expect<Equal<Dto.HistoryPageDto, HistoryPage>>,
  Expect<Equal<HistoryRetentionInput, RetentionSettings>>,
  // Bodies cross as base64, faults as words, the diagnosis re-run by the engine; the rest as stored.
  Expect<
    Equal<
      Omit<
        Dto.ExchangeDetailDto,
        keyof Dto.ExchangeSummaryDto | 'requestBodyBase64' | 'responseBodyBase64' | 'faults' | 'diagnosis'
      >,
      Flat<
        Pick<Exchange, 'requestHeaders'> &
          Nullable<Pick<Exchange, 'responseHeaders' | 'errorMessage' | 'timing'>> & {
            attempt: NonNullable<Exchange['attempt']>;
          }
      >
    >
  >,

  // ---- runs ----
  Expect<Equal<Dto.CheckLevelDto, CheckLevel>>,
  Expect<Equal<Dto.CheckOutcomeDto, CheckOutcome>>,
  Expect<Equal<Dto.CheckResultDto, CheckResult>>,
  Expect<
    Equal<
      Dto.ConformanceReportDto,
      ConformanceReport & { runId: string; unreachable: string | null; history: RunHistory }
    >
  >,
  Expect<Equal<Dto.RunHistoryDto, RunHistory>>,
  Expect<
    Equal<Dto.ConformanceProgressDto, { runId: string; check: CheckResult; index: number; total: number }>
  >,
  // Exact body bytes (`ctb load --body-file`) are a CLI-only request.
  Expect<Equal<Dto.LoadRequestDto, Exclude<LoadRequestSpec, { kind: 'body' }>>>,
  Expect<Equal<Dto.LoadTimelinePointDto, TimelinePoint>>,
  Expect<Equal<Dto.LoadReportDto, LoadReport & { runId: string; aborted: boolean; history: RunHistory }>>,
  Expect<Equal<Dto.LoadProgressDto, LoadProgress & { runId: string; plannedRequests: number | null }>>,
];
