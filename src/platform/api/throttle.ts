// Login throttling: per account and per client address, a sliding window of failed attempts (attempts
// still running count as failures, so 100 concurrent guesses cannot all slip through before the first fails).

export interface ThrottleLimits {
  /** Failed (or running) logins one account may have in the window. */
  perAccount: number;
  /** Failed (or running) logins one client address may have in the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 30, windowSeconds: 300 };

/** Keys kept at most; beyond it the oldest key is forgotten (memory stays flat under random emails). */
const MAX_KEYS = 10_000;

interface Entry {
  /** Unix ms of each failure still inside the window, oldest first. */
  failures: number[];
  running: number;
}

export interface Attempt {
  /** The password was right: the account's failures are forgotten. */
  succeeded(): void;
  failed(): void;
}

export type Admission =
  { ok: true; attempt: Attempt } | { ok: false; retryAfterSeconds: number; scope: string };

export interface LoginThrottle {
  admit(account: string, address: string): Admission;
  /** Logins currently being checked (tests observe concurrency through it). */
  running(): number;
}

export function createLoginThrottle(
  limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS,
  now: () => number = Date.now,
): LoginThrottle {
  const entries = new Map<string, Entry>();
  const windowMs = limits.windowSeconds * 1000;
  let running = 0;

  function entry(key: string): Entry {
    let e = entries.get(key);
    if (!e) {
      if (entries.size >= MAX_KEYS) entries.delete(entries.keys().next().value!);
      e = { failures: [], running: 0 };
      entries.set(key, e);
    }
    const cutoff = now() - windowMs;
    while (e.failures.length > 0 && e.failures[0] <= cutoff) e.failures.shift();
    return e;
  }

  function blockedFor(e: Entry, limit: number): number | null {
    if (e.failures.length + e.running < limit) return null;
    // Running attempts end within a second or so; past failures leave the window at a known time.
    const oldest = e.failures[0];
    return oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
  }

  function release(key: string, e: Entry): void {
    e.running--;
    if (e.running === 0 && e.failures.length === 0) entries.delete(key);
  }

  return {
    admit(account, address) {
      const accountKey = `a:${account.trim().toLowerCase()}`;
      const addressKey = `ip:${address}`;
      const a = entry(accountKey);
      const ip = entry(addressKey);
      const accountWait = blockedFor(a, limits.perAccount);
      if (accountWait !== null) return { ok: false, retryAfterSeconds: accountWait, scope: 'account' };
      const addressWait = blockedFor(ip, limits.perAddress);
      if (addressWait !== null) return { ok: false, retryAfterSeconds: addressWait, scope: 'address' };
      a.running++;
      ip.running++;
      running++;
      let settled = false;
      const settle = (failed: boolean) => {
        if (settled) return;
        settled = true;
        running--;
        if (failed) {
          a.failures.push(now());
          ip.failures.push(now());
        } else a.failures.length = 0;
        release(accountKey, a);
        release(addressKey, ip);
      };
      return { ok: true, attempt: { succeeded: () => settle(false), failed: () => settle(true) } };
    },
    running: () => running,
  };
}
