// Which form field an engine error belongs to, and the checks made before anything is sent.
// Shared by the create and edit forms, so both place an engine error under the same field.

import type { ApiError } from '../../../../shared/index.ts';

export function fieldOfError(error: ApiError | null): 'name' | 'url' | 'form' | null {
  if (!error) return null;
  if (error.code === 'name_taken') return 'name';
  if (error.code === 'unsafe_url') return 'url';
  if (error.code === 'validation_error') {
    const text = `${JSON.stringify(error.details ?? '')} ${error.message}`;
    if (/webhook_url|url/i.test(text)) return 'url';
    if (/\bname\b/i.test(text)) return 'name';
  }
  return 'form';
}

export function checkConnectionFields(v: { name: string; url: string }): { name?: string; url?: string } {
  const out: { name?: string; url?: string } = {};
  if (v.name.trim() === '') out.name = 'A name is required (unique in the organization).';
  const url = v.url.trim();
  if (url === '')
    out.url =
      'The webhook URL of the connector endpoint is required, e.g. https://connector.example.com/service.';
  else {
    try {
      const u = new URL(url);
      if (u.protocol !== 'https:' && u.protocol !== 'http:')
        out.url = `Only http(s) URLs can be called, not ${u.protocol}`;
    } catch {
      out.url = 'This is not a URL; include the scheme, e.g. https://…';
    }
  }
  return out;
}
