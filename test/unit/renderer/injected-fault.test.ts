// The Inspector's reading of injected faults: a tampered body and a wrong secret are named apart,
// and the byte the client's tamper fault changed is the one the Inspector marks.

import { describe, expect, it } from 'vitest';
import { describeFaults, tamper } from '../../../src/client/faults.ts';
import {
  charIndexOfByte,
  hexPosition,
  injectedFaults,
  tamperedByteIndex,
} from '../../../src/renderer/src/features/inspector/injected-fault.ts';
import { hexDump } from '../../../src/renderer/src/lib/bytes.ts';

describe('injectedFaults', () => {
  it('names a tampered body and a wrong secret as different faults', () => {
    const tampered = injectedFaults(describeFaults({ tamperBody: true }));
    const wrong = injectedFaults(describeFaults({ wrongSecret: true }));
    expect(tampered.map((f) => f.kind)).toEqual(['tamper-body']);
    expect(wrong.map((f) => f.kind)).toEqual(['wrong-secret']);
    expect(tampered[0].explanation).not.toBe(wrong[0].explanation);
    expect(tampered[0].explanation).toMatch(/secret is right/);
  });

  it('expects a connector to accept what the protocol allows: a replay in the window, no x-service-protocol', () => {
    const [replay] = injectedFaults(describeFaults({ replay: true }));
    expect(replay.explanation).toMatch(/accepts both/);
    expect(replay.explanation).not.toMatch(/refuse/);
    const [protocol, signature] = injectedFaults(
      describeFaults({ dropHeaders: ['x-service-protocol', 'x-service-signature'] }),
    );
    expect(protocol.explanation).toMatch(/must accept/);
    expect(signature.explanation).toMatch(/must reject/);
  });

  it('reads every fault the client describes, none as unknown', () => {
    const all = describeFaults({
      skewOffsetSeconds: -420,
      wrongSecret: true,
      tamperBody: true,
      dropHeaders: ['x-service-signature'],
      headerCase: 'upper',
      protocolVersion: '2',
      replay: true,
    });
    expect(injectedFaults(all).filter((f) => f.kind === 'other')).toEqual([]);
    expect(injectedFaults(null)).toEqual([]);
  });
});

describe('tamperedByteIndex', () => {
  it('finds the exact byte the client tamper fault changed', () => {
    const body = Buffer.from('{"type":"tool.invoke","tool":"getProduct","parameters":{"sku":"SKU-1002"}}');
    const sent = tamper(body);
    const changed = [...sent].findIndex((b, i) => b !== body[i]);
    expect(changed).toBeGreaterThan(0);
    expect(tamperedByteIndex(new Uint8Array(sent))).toBe(changed);
  });

  it('marks the appended byte of a body with no letter or digit', () => {
    const sent = tamper(Buffer.from('{}'));
    expect(tamperedByteIndex(new Uint8Array(sent))).toBe(2);
  });

  it('maps a byte to its text character after multi-byte UTF-8', () => {
    const bytes = new TextEncoder().encode('"é"x');
    expect(charIndexOfByte(bytes, 4)).toBe(3);
  });

  it('places a byte on its hex pair and ASCII column of the dump', () => {
    const bytes = new TextEncoder().encode('0123456789abcdefGHIJ');
    const line = hexDump(bytes).split('\n')[1];
    const p = hexPosition(17);
    expect(p.line).toBe(1);
    expect(line.slice(p.hex[0], p.hex[1])).toBe('48');
    expect(line[p.ascii]).toBe('H');
  });
});
