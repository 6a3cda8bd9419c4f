// Headers exactly as they went over the wire (name case and order kept).
// Shown unnormalized on purpose: a duplicated or oddly cased signing header is often the bug.

export function HeadersTable({ headers, testId }: { headers: Array<[string, string]>; testId: string }) {
  if (headers.length === 0) return <p className="muted small">No headers.</p>;
  return (
    <table className="table table--kv" data-testid={testId}>
      <tbody>
        {headers.map(([k, v], i) => (
          <tr key={`${k}-${i}`} data-header={k.toLowerCase()}>
            <th className="mono">{k}</th>
            <td className="mono break">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
