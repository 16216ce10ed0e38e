import type { Capture } from '@/lib/recording/capture-store';
import type { ModelApi } from '@/lib/recording/model-api';
import { checkQuery as cellCheckQuery } from '@/lib/verify/run-scenario';
import type { KitFork } from './kit-types';

/** How a session's traffic is read: by whose rules, and with what the runtime was given. */
export interface ForkCheckOptions {
  /**
   * The rules the runtime claims, as `<id or alias>[@<release line>]` (`qwen-code@0.24`); without
   * it, each request's user agent names its runtime and release, and an unnamed one is guessed.
   */
  rules?: string;
  /** The folder the runtime ran in, whose files a call's rules read (Qwen Code's fork profiles). */
  project?: string;
  /** Settings the runtime was configured with that its rules read (Qwen Code's `fork_tools`). */
  settings?: Readonly<Record<string, unknown>>;
  /** Tasks of forks the runtime's own program started between turns, with no Agent call. */
  started?: readonly string[];
}

/** A captured request, as the session lists it. */
export interface CapturedRequest {
  id: number;
  api: ModelApi;
  status: 'pending' | 'complete' | 'error' | string;
  startedAt: string;
  /** Messages the request carried, as Fork Lab read them; null when it could not read it. */
  messages: number | null;
}

/** What the fork check makes of a session's traffic. */
export interface ForkCheck {
  requests: CapturedRequest[];
  /** The runtime's sessions (a fork's child is one of its own), each by its requests' ids in order. */
  sessions: { captureIds: number[] }[];
  forks: KitFork[];
}

/** An answer of the recording endpoint that is not what was asked, with its words. */
export class ForkLabRequestError extends Error {
  override readonly name = 'ForkLabRequestError';
}

/**
 * The query the captures listing reads a check from: the session, and what verify's cells send (the
 * rules as named, the project, settings and started forks). The listing itself judges the rules.
 */
export function checkQuery(session: string, options: ForkCheckOptions): URLSearchParams {
  const at = options.rules?.indexOf('@') ?? -1;
  const rules =
    options.rules === undefined
      ? {}
      : { runtime: at < 0 ? options.rules : options.rules.slice(0, at), ...(at < 0 ? {} : { version: options.rules.slice(at + 1) }) };
  const query = new URLSearchParams(cellCheckQuery(options.project ?? null, { ...rules, settings: options.settings, started: options.started ?? [] }));
  query.set('session', session);
  return query;
}

/**
 * One test's traffic on a Fork Lab recording endpoint: the base URL a runtime is given (the
 * session's name in its path, so nothing else reaches it), and what was captured there, checked.
 */
export class ForkLabSession {
  constructor(
    readonly origin: string,
    readonly name: string,
    /** The session's captures as stored, bodies included (the endpoint runs in this process). */
    readonly captured: () => readonly Capture[],
  ) {}

  /** The base URL for a runtime speaking `api`: Chat Completions and Responses end in `/v1`; Anthropic's SDKs add it themselves. */
  baseUrl(api: ModelApi = 'openai-chat'): string {
    const root = `${this.origin}/capture/${this.name}`;
    return api === 'anthropic-messages' ? root : `${root}/v1`;
  }

  /** The header a client that sets headers may send instead of the path (`x-fork-lab-capture`). */
  get headers(): Readonly<Record<string, string>> {
    return { 'x-fork-lab-capture': this.name };
  }

  /** Every request captured in this session, oldest first, and each fork in them with its verdict. */
  async check(options: ForkCheckOptions = {}): Promise<ForkCheck> {
    const listing = (await this.call('GET', `/api/captures?${checkQuery(this.name, options)}`)) as {
      captures: CapturedRequest[];
      sessions: { captureIds: number[] }[];
      forks: KitFork[];
    };
    const requests = listing.captures.map(({ id, api, status, startedAt, messages }) => ({ id, api, status, startedAt, messages })).sort((a, b) => a.id - b.id);
    return { requests, sessions: listing.sessions, forks: listing.forks };
  }

  async requests(): Promise<CapturedRequest[]> {
    return (await this.check()).requests;
  }

  async forks(options: ForkCheckOptions = {}): Promise<KitFork[]> {
    return (await this.check(options)).forks;
  }

  /** Forgets this session's traffic, no one else's; how many requests went. */
  async clear(): Promise<number> {
    const answer = (await this.call('DELETE', `/api/captures?session=${encodeURIComponent(this.name)}`)) as { deleted: number };
    return answer.deleted;
  }

  private async call(method: string, path: string): Promise<unknown> {
    const response = await fetch(`${this.origin}${path}`, { method });
    const text = await response.text();
    if (!response.ok) throw new ForkLabRequestError(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as unknown;
  }
}
