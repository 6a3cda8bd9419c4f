// Console: compose one signed request (target, type, tool, parameters, envelope, faults), send
// it with Ctrl/Cmd+Enter, and read the answer in the inspector pane beside the form.

import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useConsoleStore } from '../../store/console/action.ts';
import { currentTool } from '../../store/console/selectors.ts';
import { useInspectorStore } from '../../store/inspector/action.ts';
import { CodeEditor } from '../../components/CodeEditor/index.tsx';
import type { EditorProblem } from '../../components/CodeEditor/index.tsx';
import { ErrorNote, FieldError } from '../../components/ErrorNote.tsx';
import { EmptyState } from '../../components/common.tsx';
import { ExchangeView } from '../inspector/ExchangeView.tsx';
import { TargetPicker } from './TargetPicker.tsx';
import { FaultControls } from './FaultControls.tsx';
import { ParamsProblems, RequestTypeSelect, ToolField } from '../request/RequestFields.tsx';
import type { RequestTypeDto } from '../../../../shared/index.ts';
import { useShallow } from 'zustand/react/shallow';

const TYPES: RequestTypeDto[] = ['tool.invoke', 'ping', 'capabilities.list', 'tools.list'];
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function ConsoleScreen() {
  const s = useConsoleStore(
    useShallow((x) => ({
      channel: x.channel,
      conversationId: x.conversationId,
      fieldErrors: x.fieldErrors,
      identityText: x.identityText,
      knownTools: x.knownTools,
      lastExchangeId: x.lastExchangeId,
      paramsText: x.paramsText,
      sendError: x.sendError,
      sending: x.sending,
      setChannel: x.setChannel,
      setConversationId: x.setConversationId,
      setIdentity: x.setIdentity,
      setParams: x.setParams,
      setTool: x.setTool,
      setType: x.setType,
      tool: x.tool,
      type: x.type,
    })),
  );
  const tool = useConsoleStore(currentTool);
  const current = useInspectorStore((x) => x.current);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const send = () => void useConsoleStore.getState().send();

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      send();
    }
  }

  const shown = current && current.id === s.lastExchangeId ? current : null;

  return (
    <div className="screen screen--wide" data-testid="screen-console" onKeyDown={onKeyDown}>
      <header className="screen__head">
        <div>
          <h2>Console</h2>
          <div className="muted small">
            One signed request, with faults on demand. {isMac ? '⌘' : 'Ctrl'}+Enter sends.
          </div>
        </div>
      </header>
      <div className="console">
        <form
          className="console__form"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
          noValidate
        >
          <TargetPicker />

          <fieldset className="card">
            <legend>Request</legend>
            <div className="form__grid">
              <RequestTypeSelect id="console-type" value={s.type} options={TYPES} onChange={s.setType} />
              {s.type === 'tool.invoke' && (
                <ToolField
                  id="console-tool"
                  tools={s.knownTools}
                  value={s.tool}
                  onChange={s.setTool}
                  placeholder="tool name, e.g. getProduct"
                  error={s.fieldErrors.tool}
                  markOffChat
                  hint={tool?.description && <div className="hint">{tool.description}</div>}
                />
              )}
            </div>
            {s.type === 'tool.invoke' && (
              <>
                <div className="field-label">
                  Parameters{' '}
                  {tool ? (
                    <span className="muted">(validated against {tool.name}'s input_schema)</span>
                  ) : null}
                </div>
                <CodeEditor
                  modelId="console-params"
                  value={s.paramsText}
                  onChange={s.setParams}
                  schema={tool?.input_schema ?? null}
                  height="170px"
                  onSubmit={send}
                  onProblems={setProblems}
                  ariaLabel="Parameters (JSON)"
                  testId="console-params"
                />
                <FieldError message={s.fieldErrors.parameters} testId="console-params-error" />
                <ParamsProblems
                  problems={problems}
                  fieldError={s.fieldErrors.parameters}
                  max={5}
                  testId="console-params-problems"
                  note="You can still send: the connector should answer invalid_parameters."
                />
                <div className="form__grid form__grid--tight">
                  <label htmlFor="console-identity">Identity</label>
                  <div>
                    <textarea
                      id="console-identity"
                      data-testid="console-identity"
                      className="mono"
                      rows={2}
                      value={s.identityText}
                      onChange={(e) => s.setIdentity(e.target.value)}
                      spellCheck={false}
                    />
                    <FieldError message={s.fieldErrors.identity} testId="console-identity-error" />
                  </div>
                  <label htmlFor="console-conv">Conversation id</label>
                  <input
                    id="console-conv"
                    data-testid="console-conversation"
                    className="mono"
                    value={s.conversationId}
                    onChange={(e) => s.setConversationId(e.target.value)}
                    placeholder="generated when empty"
                  />
                  <label htmlFor="console-channel">Channel</label>
                  <input
                    id="console-channel"
                    data-testid="console-channel"
                    value={s.channel}
                    onChange={(e) => s.setChannel(e.target.value)}
                  />
                </div>
              </>
            )}
          </fieldset>

          <FaultControls />

          <div className="form__actions">
            <button
              type="submit"
              className="btn btn--primary"
              data-testid="console-send"
              disabled={s.sending}
            >
              {s.sending ? 'Sending…' : 'Send'}
            </button>
            <span className="muted small">{isMac ? '⌘' : 'Ctrl'}+Enter</span>
          </div>
          <ErrorNote error={s.sendError} testId="console-send-error" prefix="Not sent" />
        </form>
        <section className="console__answer" aria-label="Answer" data-testid="console-answer">
          {shown ? (
            <ExchangeView exchange={shown} compact />
          ) : (
            <EmptyState title="No answer yet" testId="console-answer-empty">
              Pick a target and send: the request as signed and the connector's answer open here.
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
