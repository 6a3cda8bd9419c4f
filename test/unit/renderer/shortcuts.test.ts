// The shortcut declarations and their matcher: sequences, prefixes, keys the handler leaves alone,
// and the conversation script of the demo (arguments built from what earlier answers taught).

import { describe, expect, it } from 'vitest';
import { SHORTCUTS, isTypingTarget, keyCaps, matchKey } from '../../../src/renderer/src/lib/shortcuts.ts';
import { CONVERSATION } from '../../../src/renderer/src/lib/demo-conversation.ts';
import type { Memo } from '../../../src/renderer/src/lib/demo-conversation.ts';
import { SCREENS } from '../../../src/renderer/src/lib/route.ts';

describe('matchKey', () => {
  it('treats g as the start of a sequence and g then c as going to SDK Connections', () => {
    expect(matchKey([], 'g')).toEqual({ prefix: true });
    expect(matchKey(['g'], 'c')).toMatchObject({
      shortcut: { action: { kind: 'navigate', route: 'business-tools' } },
    });
  });

  it('tells t alone (test) from t after g (Tools)', () => {
    expect(matchKey([], 't')).toMatchObject({ shortcut: { action: { kind: 'test-connection' } } });
    expect(matchKey(['g'], 't')).toMatchObject({
      shortcut: { action: { kind: 'navigate', route: 'tools' } },
    });
  });

  it('goes to every screen of the navigation, Conformance (g f) and Load (g p) included', () => {
    expect(matchKey(['g'], 'f')).toMatchObject({
      shortcut: { action: { kind: 'navigate', route: 'conformance' } },
    });
    expect(matchKey(['g'], 'p')).toMatchObject({ shortcut: { action: { kind: 'navigate', route: 'load' } } });
    const routes = SHORTCUTS.flatMap((s) => (s.action.kind === 'navigate' ? [s.action.route] : []));
    expect(new Set(routes)).toEqual(new Set(SCREENS));
  });

  it('matches nothing for an unknown key or an unknown second key', () => {
    expect(matchKey([], 'x')).toBeNull();
    expect(matchKey(['g'], 'z')).toBeNull();
  });

  it('leaves Ctrl/Cmd+Enter to the console, which must send while typing', () => {
    expect(matchKey([], 'Enter')).toBeNull();
    expect(SHORTCUTS.some((s) => s.action.kind === 'send')).toBe(true);
  });

  it('declares every key sequence once', () => {
    const sequences = SHORTCUTS.map((s) => s.keys.join(' '));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('shows the platform modifier and Esc as key caps', () => {
    expect(keyCaps('Mod', true)).toBe('⌘');
    expect(keyCaps('Mod', false)).toBe('Ctrl');
    expect(keyCaps('Escape', false)).toBe('Esc');
  });
});

describe('isTypingTarget', () => {
  const el = (tagName: string, type?: string, inEditor = false) => ({
    tagName,
    type,
    closest: () => (inEditor ? {} : null),
  });

  it('counts text fields, selects, text areas and anything inside Monaco as typing', () => {
    for (const target of [
      el('INPUT', 'text'),
      el('INPUT', 'search'),
      el('INPUT'),
      el('SELECT'),
      el('TEXTAREA'),
      el('DIV', undefined, true),
    ])
      expect(isTypingTarget(target)).toBe(true);
  });

  it('lets shortcuts fire from buttons, checkboxes, radios and the page itself', () => {
    for (const target of [el('BUTTON'), el('INPUT', 'checkbox'), el('INPUT', 'radio'), el('BODY'), null])
      expect(isTypingTarget(target)).toBe(false);
  });
});

describe('demo conversation', () => {
  it('calls the four chat tools in order, each with what the previous answer gave', () => {
    expect(CONVERSATION.map((t) => t.tool)).toEqual([
      'searchProducts',
      'getProduct',
      'calculateQuote',
      'createQuotation',
    ]);
    const memo: Memo = {};
    const [search, product, quote, create] = CONVERSATION;
    search.args(memo);
    expect(search.reply({ products: [{ sku: 'SKU-1001', name: 'Chair', unit_price: 249 }] }, memo)).toContain(
      'Chair (SKU-1001) at $249.00',
    );
    expect(product.args(memo)).toEqual({ sku: 'SKU-1001' });
    expect(quote.args(memo)).toEqual({ lines: [{ sku: 'SKU-1001', quantity: 12 }], tier: 'gold' });
    quote.reply({ subtotal: 2988, discount: 379.48, total: 2608.52 }, memo);
    expect(create.args(memo)).toEqual({
      customer_name: 'Acme Ltd',
      lines: [{ sku: 'SKU-1001', quantity: 12 }],
      total: 2608.52,
      tier: 'gold',
    });
  });

  it('says so when the search finds nothing, instead of inventing a product', () => {
    expect(CONVERSATION[0].reply({ products: [] }, {})).toMatch(/could not find/);
  });
});
