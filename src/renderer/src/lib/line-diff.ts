// Line diff for the History compare view: the longest common subsequence of two texts' lines,
// laid out as side-by-side rows where a removed line faces the added line that replaced it.

export interface DiffRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  left: string | null;
  right: string | null;
  leftNo: number | null;
  rightNo: number | null;
}

/** Above this many line pairs the table costs too much memory: fall back to a positional compare. */
const MAX_CELLS = 4_000_000;

export function lineDiff(a: string, b: string): DiffRow[] {
  const x = a.split('\n');
  const y = b.split('\n');
  // Common head and tail are cheap and usually most of a JSON body.
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (
    tail < x.length - head &&
    tail < y.length - head &&
    x[x.length - 1 - tail] === y[y.length - 1 - tail]
  )
    tail++;
  const xs = x.slice(head, x.length - tail);
  const ys = y.slice(head, y.length - tail);
  const rows: DiffRow[] = [];
  for (let i = 0; i < head; i++)
    rows.push({ kind: 'same', left: x[i], right: y[i], leftNo: i + 1, rightNo: i + 1 });
  const middle = xs.length * ys.length > MAX_CELLS ? positional(xs, ys) : lcs(xs, ys);
  let li = head;
  let ri = head;
  for (const op of pairChanges(middle)) {
    rows.push({
      kind: op.kind,
      left: op.left,
      right: op.right,
      leftNo: op.left !== null ? ++li : null,
      rightNo: op.right !== null ? ++ri : null,
    });
  }
  for (let i = tail; i > 0; i--)
    rows.push({ kind: 'same', left: x[x.length - i], right: y[y.length - i], leftNo: ++li, rightNo: ++ri });
  return rows;
}

type Op = { kind: 'same' | 'removed' | 'added'; left: string | null; right: string | null };

function lcs(xs: string[], ys: string[]): Op[] {
  const n = xs.length;
  const m = ys.length;
  // lengths[i][j] = LCS of xs[i..] and ys[j..], in one flat array.
  const w = m + 1;
  const lengths = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i * w + j] =
        xs[i] === ys[j]
          ? lengths[(i + 1) * w + j + 1] + 1
          : Math.max(lengths[(i + 1) * w + j], lengths[i * w + j + 1]);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (xs[i] === ys[j]) {
      ops.push({ kind: 'same', left: xs[i++], right: ys[j++] });
    } else if (lengths[(i + 1) * w + j] >= lengths[i * w + j + 1])
      ops.push({ kind: 'removed', left: xs[i++], right: null });
    else ops.push({ kind: 'added', left: null, right: ys[j++] });
  }
  while (i < n) ops.push({ kind: 'removed', left: xs[i++], right: null });
  while (j < m) ops.push({ kind: 'added', left: null, right: ys[j++] });
  return ops;
}

function positional(xs: string[], ys: string[]): Op[] {
  const ops: Op[] = [];
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    if (i < xs.length && i < ys.length && xs[i] === ys[i])
      ops.push({ kind: 'same', left: xs[i], right: ys[i] });
    else {
      if (i < xs.length) ops.push({ kind: 'removed', left: xs[i], right: null });
      if (i < ys.length) ops.push({ kind: 'added', left: null, right: ys[i] });
    }
  }
  return ops;
}

/** A run of removals followed by a run of additions becomes rows of changed pairs. */
function pairChanges(ops: Op[]): Array<Omit<DiffRow, 'leftNo' | 'rightNo'>> {
  const out: Array<Omit<DiffRow, 'leftNo' | 'rightNo'>> = [];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].kind === 'same') {
      out.push(ops[k++]);
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    while (k < ops.length && ops[k].kind !== 'same') {
      if (ops[k].kind === 'removed') removed.push(ops[k].left!);
      else added.push(ops[k].right!);
      k++;
    }
    for (let i = 0; i < Math.max(removed.length, added.length); i++) {
      const left = removed[i] ?? null;
      const right = added[i] ?? null;
      out.push({
        kind: left !== null && right !== null ? 'changed' : left !== null ? 'removed' : 'added',
        left,
        right,
      });
    }
  }
  return out;
}

/** Headers of two exchanges side by side, by lower-cased name, differing ones marked. */
export function headerDiff(
  a: Array<[string, string]> | null,
  b: Array<[string, string]> | null,
): Array<{ name: string; left: string | null; right: string | null; differs: boolean }> {
  const group = (pairs: Array<[string, string]> | null) => {
    const m = new Map<string, string>();
    for (const [n, v] of pairs ?? []) {
      const k = n.toLowerCase();
      m.set(k, m.has(k) ? `${m.get(k)}, ${v}` : v);
    }
    return m;
  };
  const l = group(a);
  const r = group(b);
  const names = [...new Set([...l.keys(), ...r.keys()])].sort();
  return names.map((name) => {
    const left = l.get(name) ?? null;
    const right = r.get(name) ?? null;
    return { name, left, right, differs: left !== right };
  });
}
