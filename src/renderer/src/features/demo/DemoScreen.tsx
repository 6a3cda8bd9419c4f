// The guided demo for organization admins: a stepper from creating the connection to approving a
// quotation, each step explained in plain words and performed for real; restartable from clean.

import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useDemoStore } from '../../store/demo/action.ts';
import { DEMO_STEPS } from '../../store/demo/initialState.ts';
import type { DemoStepId } from '../../store/demo/initialState.ts';
import { STEP_ACTIONS, STEP_TITLES, stepDone } from '../../store/demo/selectors.ts';
import { useUiStore } from '../../store/ui/action.ts';
import { AdminInbox } from './AdminInbox.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { ConnectResult, SyncResult, TestResult, WorkspaceChoice } from './SetupSteps.tsx';
import './demo.css';
import './demo-chat.css';
import { useShallow } from 'zustand/react/shallow';

const WHY: Record<DemoStepId, ReactNode> = {
  connect: (
    <>
      The organization registers its connector with the platform: a name and the connector’s webhook URL. The
      platform generates a signing secret and shares it with the connector only; every call it makes from now
      on is signed with it.
    </>
  ),
  test: (
    <>
      The platform sends a signed <code>ping</code> and the connector answers <code>pong</code>. That proves
      the URL is reachable and both sides hold the same secret; latency and clock offset tell how healthy the
      link is.
    </>
  ),
  workspace: (
    <>
      Tools live in a workspace. Choose the workspace whose assistant should be able to use the connector’s
      tools.
    </>
  ),
  sync: (
    <>
      The platform asks the connector what it can do and registers each tool as a business tool of the
      workspace. Tools marked <code>chat: false</code>, like approvals, are kept off the customer chat.
    </>
  ),
  chat: (
    <>
      A customer writes on WhatsApp. To answer, the assistant calls the connector’s tools: each call is a
      request signed by the platform, and the connector’s answer flows back into the conversation.
    </>
  ),
  approve: (
    <>
      Creating the quotation made the connector emit a <code>quotation.created</code> event to the platform,
      which shows it to the admins with the “Approve quotation” task. Approving runs a tool the chat never
      sees.
    </>
  ),
};

export function DemoScreen() {
  const step = useDemoStore((s) => s.step);
  const loaded = useDemoStore((s) => s.loaded);
  const error = useDemoStore((s) => s.error);
  const resetting = useDemoStore((s) => s.resetting);
  const resetError = useDemoStore((s) => s.resetError);
  // A restart in the middle of a step would leave that step writing into the fresh walk.
  const busy = useDemoStore((s) => s.busy);
  const id = DEMO_STEPS[step];

  useEffect(() => {
    void useDemoStore.getState().load();
    void useUiStore.getState().reloadWorkspaces();
  }, []);

  return (
    <div className="screen demo" data-testid="screen-demo" data-step={id}>
      <header className="screen__head">
        <div>
          <div className="crumbs">Demo</div>
          <h2>Connect a connector, end to end</h2>
          <div className="muted small">
            A guided walk for organization admins. Every step runs for real on this testbench’s platform and a
            live Demo catalog connector.
          </div>
        </div>
        <div className="screen__tools">
          <button
            type="button"
            className="btn"
            data-testid="demo-restart"
            disabled={resetting || busy}
            onClick={() => void useDemoStore.getState().restart()}
          >
            {resetting ? 'Restarting…' : 'Restart demo'}
          </button>
        </div>
      </header>
      <ErrorNote error={resetError} testId="demo-reset-error" prefix="The demo could not restart" />
      <Stepper />
      {loaded && (
        <section className="demo-stage" data-testid={`demo-step-${id}`} aria-labelledby="demo-step-title">
          <div className="demo-stage__head">
            <span className="demo-stage__num">
              Step {step + 1} of {DEMO_STEPS.length}
            </span>
            <h3 id="demo-step-title">{STEP_TITLES[id]}</h3>
          </div>
          <p className="demo-why" data-testid="demo-why">
            {WHY[id]}
          </p>
          <StepBody id={id} />
          <ErrorNote error={error} testId="demo-error" />
          <StepNav />
        </section>
      )}
    </div>
  );
}

function Stepper() {
  const step = useDemoStore((x) => x.step);
  const doneSteps = useDemoStore(useShallow((x) => DEMO_STEPS.map((_, i) => stepDone(x, i))));
  return (
    <ol className="demo-stepper" data-testid="demo-stepper">
      {DEMO_STEPS.map((id, i) => {
        const done = doneSteps[i];
        const current = i === step;
        return (
          <li
            key={id}
            className={`demo-stepper__item${done ? ' is-done' : ''}${current ? ' is-current' : ''}`}
            aria-current={current ? 'step' : undefined}
            data-testid={`demo-stepper-${id}`}
            data-done={String(done)}
          >
            <span className="demo-stepper__dot">{done ? '✓' : i + 1}</span>
            <span className="demo-stepper__title">{STEP_TITLES[id]}</span>
          </li>
        );
      })}
    </ol>
  );
}

function StepBody({ id }: { id: DemoStepId }) {
  switch (id) {
    case 'connect':
      return <ConnectResult />;
    case 'test':
      return <TestResult />;
    case 'workspace':
      return <WorkspaceChoice />;
    case 'sync':
      return <SyncResult />;
    case 'chat':
      return <ChatPanel />;
    case 'approve':
      return <AdminInbox />;
  }
}

function StepNav() {
  const { step, busy, workspaceId, done } = useDemoStore(
    useShallow((x) => ({
      step: x.step,
      busy: x.busy,
      workspaceId: x.workspaceId,
      done: stepDone(x, x.step),
    })),
  );
  const id = DEMO_STEPS[step];
  const last = step === DEMO_STEPS.length - 1;
  const actions = useDemoStore.getState();
  return (
    <footer className="demo-nav">
      <button
        type="button"
        className="btn"
        data-testid="demo-back"
        disabled={step === 0 || busy}
        onClick={actions.back}
      >
        Back
      </button>
      {done && last && (
        <span className="demo-nav__done" data-testid="demo-finished">
          That is the whole flow. Restart the demo to show it again.
        </span>
      )}
      <span className="demo-nav__spacer" />
      {!done && id !== 'approve' && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="demo-run"
          disabled={busy || (id === 'workspace' && !workspaceId)}
          onClick={() => void actions.run()}
        >
          {busy ? 'Working…' : STEP_ACTIONS[id]}
        </button>
      )}
      {!last && (
        <button
          type="button"
          className={done ? 'btn btn--primary' : 'btn'}
          data-testid="demo-next"
          disabled={!done || busy}
          onClick={actions.next}
        >
          Next
        </button>
      )}
    </footer>
  );
}
