import { AGENT_TOOL_NAMES } from '@/lib/agent-call/in-flight-call';
import { type ForkPolicy, forkPolicyNamed, forkRequestSchema, runtimeNamesHelp, runtimeOf } from '@/lib/fork';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { answeredRequest } from '@/lib/recording/answered-request';
import { captureReadings } from '@/lib/recording/capture-readings';
import { CaptureSessionError, captureSessionName } from '@/lib/recording/capture-session';
import type { CaptureStore } from '@/lib/recording/capture-store';
import { readCapture } from '@/lib/recording/captured-conversation';
import { capturedCost } from '@/lib/recording/captured-cost';
import { capturedForkBundle } from '@/lib/recording/captured-fork';
import { type CheckOptions, CheckSettingsError, checkForks } from '@/lib/recording/fork-check';
import { captureTarget, forkWindowWhatIf } from '@/lib/recording/fork-window-what-if';
import { ProjectFolderError, projectFileReader } from '@/lib/recording/project-files';
import { requestAllowed } from '@/lib/recording/request-guard';
import { groupSessions } from '@/lib/recording/runtime-sessions';
import { checkStartedForks } from '@/lib/recording/started-forks';

/** Captured conversations are read as the model endpoint is reached: from this machine, or with the token. */
export function guard(request: Request, env: Record<string, string | undefined>): void {
  if (!requestAllowed(request, env)) {
    throw new HttpError(
      403,
      'not-allowed',
      'Captured traffic is served to this machine only; from elsewhere send x-fork-lab-token (FORK_LAB_RECORDING_TOKEN).',
    );
  }
}

/** The newest captures the list reads back and checks: enough for a session's forks, not a dump. */
export const CAPTURES_LISTED = 100;

/** And no more of them than this much text: the store keeps bodies of up to 8 MB each. */
export const CAPTURES_LISTED_BYTES = 32 * 1024 * 1024;

/** `?runtime=<id or alias>`: check every fork by that runtime's rules instead of guessing. */
function runtimeAsked(request: Request): ForkPolicy | undefined {
  const runtime = new URL(request.url).searchParams.get('runtime');
  if (runtime === null) return undefined;
  const policy = forkPolicyNamed(runtime);
  if (policy === undefined) {
    throw invalidRequest(`runtime must be one of ${runtimeNamesHelp()}.`, [{ path: 'runtime', message: `not a runtime: ${runtime.slice(0, 80)}` }]);
  }
  return policy;
}

/**
 * `&version=<id>` with `runtime`: read every fork by that version of the runtime's rules instead of
 * the one the traffic announces (its user agent), e.g. to see what an older release's rules say.
 */
function versionAsked(request: Request, runtime: ForkPolicy | undefined): string | undefined {
  const version = new URL(request.url).searchParams.get('version');
  if (version === null) return undefined;
  const versions = runtime === undefined ? [] : runtimeOf(runtime).versions.map((entry) => entry.id);
  if (!versions.includes(version)) {
    const allowed = runtime === undefined ? 'name a runtime first (runtime=<policy>)' : `one of ${versions.join(', ')}`;
    throw invalidRequest(`version: ${allowed}.`, [{ path: 'version', message: `not a version: ${version.slice(0, 40)}` }]);
  }
  return version;
}

/**
 * `&project=<absolute folder>`: the folder the runtime ran in, whose files a call's rules read
 * (Qwen's fork profiles); without it such a call is planned without them, and says so.
 */
function projectAsked(request: Request): CheckOptions['projectFiles'] {
  const folder = new URL(request.url).searchParams.get('project');
  if (folder === null) return undefined;
  try {
    return projectFileReader(folder);
  } catch (error) {
    if (!(error instanceof ProjectFolderError)) throw error;
    throw invalidRequest(error.message, [{ path: 'project', message: error.message }]);
  }
}

/** The longest `settings` a query takes: a runtime's configuration, not a transcript. */
const SETTINGS_MAX_CHARS = 16 * 1024;

/**
 * `&settings=<JSON object>`: how the runtime was configured where its traffic does not say (a
 * program's subagents, a fork tool's depth limit), as fields of a fork request the check plans
 * each call with (`params` merged into the call's own).
 */
function settingsAsked(request: Request, runtime: ForkPolicy | undefined): CheckOptions['settings'] {
  const text = new URL(request.url).searchParams.get('settings');
  if (text === null) return undefined;
  const refuse = (message: string) => invalidRequest(`settings: ${message}.`, [{ path: 'settings', message }]);
  if (text.length > SETTINGS_MAX_CHARS) throw refuse(`at most ${SETTINGS_MAX_CHARS.toLocaleString('en-US')} characters of JSON`);
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    throw refuse('not JSON');
  }
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) throw refuse('a JSON object of fork-request fields');
  const { params } = settings as { params?: unknown };
  if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params))) throw refuse('params must be an object');
  // Named a runtime, fields of its own request, each of a value it takes (else each call's runtime's, as it is checked).
  if (runtime !== undefined) {
    const probe = forkRequestSchema.safeParse({ directive: '', ...settings, policy: runtime, params: { ...(params as object | undefined) } });
    if (!probe.success) throw refuse(probe.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`).join('; '));
  }
  return settings as CheckOptions['settings'];
}

/** The most tasks `started` names, and the longest of them: a program's forks, not a transcript. */
const STARTED_MAX = 20;
const STARTED_TASK_MAX_CHARS = 4 * 1024;

/**
 * `&started=<JSON array of tasks>`: forks the runtime's program started between turns, with no
 * Agent call in the traffic (DeepSeek Harness's `ctx.subagents.start`), each found by its task.
 */
function startedAsked(request: Request): string[] {
  const text = new URL(request.url).searchParams.get('started');
  if (text === null) return [];
  const refuse = (message: string) => invalidRequest(`started: ${message}.`, [{ path: 'started', message }]);
  let tasks: unknown;
  try {
    tasks = JSON.parse(text);
  } catch {
    throw refuse('not JSON');
  }
  if (!Array.isArray(tasks) || tasks.some((task) => typeof task !== 'string' || task.trim() === '')) {
    throw refuse('a JSON array of the tasks (non-empty strings) a program started forks with');
  }
  if (tasks.length > STARTED_MAX) throw refuse(`at most ${STARTED_MAX} tasks; got ${tasks.length}`);
  const long = (tasks as string[]).findIndex((task) => task.length > STARTED_TASK_MAX_CHARS);
  if (long !== -1)
    throw refuse(
      `task ${long + 1} is ${(tasks[long] as string).length.toLocaleString('en-US')} characters; at most ${STARTED_TASK_MAX_CHARS.toLocaleString('en-US')}`,
    );
  return tasks as string[];
}

/** `?session=<name>`: one capture session's traffic alone (see lib/recording/capture-session.ts); every capture without it. */
export function sessionAsked(request: Request): string | undefined {
  const session = new URL(request.url).searchParams.get('session');
  if (session === null) return undefined;
  try {
    return captureSessionName(session);
  } catch (error) {
    if (!(error instanceof CaptureSessionError)) throw error;
    throw invalidRequest(error.message, [{ path: 'session', message: error.message }]);
  }
}

type ListingAsked = Omit<CheckOptions, 'answered'> & { started: string[]; session: string | undefined };

/** What a listing is checked by, from the query: see `runtimeAsked`, `versionAsked`, `projectAsked`, `settingsAsked`, `startedAsked`, `sessionAsked`. */
function checkAsked(request: Request): ListingAsked {
  const runtime = runtimeAsked(request);
  const runtimeVersion = versionAsked(request, runtime);
  const projectFiles = projectAsked(request);
  const settings = settingsAsked(request, runtime);
  const started = startedAsked(request);
  const session = sessionAsked(request);
  return { runtime, runtimeVersion, projectFiles, ...(settings === undefined ? {} : { settings }), started, session };
}

/** The newest captures (of one capture session, when asked) read back as conversations, and the forks found in them. */
async function checkedListing(store: CaptureStore, { started, session, ...check }: ListingAsked) {
  const captures = store.list(CAPTURES_LISTED, CAPTURES_LISTED_BYTES, session);
  const readings = captureReadings(store);
  const read = await Promise.all(
    captures.map(async (capture) => ({
      capture,
      conversation: await readings.read(`request ${capture.id}`, () => readCapture(capture.id, capture.api, capture.requestBody, capture.requestHeaders)),
    })),
  );
  const conversations = read.flatMap(({ conversation }) => (conversation === null ? [] : [conversation]));
  // Requests whose answer made a tool call, read as the runtime would continue them: a fork's parent
  // may not send its next request until the child is done. With forks a program started, every
  // answer: such a fork is started once a turn has ended, on the answer that ended it.
  const answerable = captures.filter((capture) => capture.responseBody !== null && capture.status !== null && capture.status < 300);
  const answered = await Promise.all(
    answerable
      .filter((capture) => started.length > 0 || AGENT_CALLS.test(capture.responseBody!))
      .map(async (capture) => {
        const conversation = await readings.read(`answer ${capture.id} ${capture.endedAt}`, async () => {
          const body = answeredRequest(capture.api, capture.requestBody, capture.responseBody!);
          return body === null ? null : readCapture(capture.id, capture.api, body, capture.requestHeaders);
        });
        return conversation === null ? [] : [{ conversation, calls: AGENT_CALLS.test(capture.responseBody!) }];
      }),
  );
  readings.release();
  const everyAnswer = answered.flat().map(({ conversation }) => conversation);
  const answeredCalls = answered.flat().flatMap(({ conversation, calls }) => (calls ? [conversation] : []));
  try {
    const called = await checkForks(conversations, { ...check, answered: answeredCalls });
    const programs = await checkStartedForks(conversations, started, { ...check, answered: everyAnswer });
    return { read, conversations, answered: answeredCalls, forks: [...called, ...programs] };
  } catch (error) {
    // Settings no runtime of the traffic takes are the caller's mistake, said as one.
    if (error instanceof CheckSettingsError) throw invalidRequest(`${error.message}.`, [{ path: 'settings', message: error.message }]);
    throw error;
  }
}

/**
 * An answer that may call an Agent tool, in any of the three APIs (`"name": "agent"`): only those
 * are read back as a parent's next turn; most answers call other tools.
 */
const AGENT_CALLS = new RegExp(`"name"\\s*:\\s*"(${[...AGENT_TOOL_NAMES].map((name) => name.replace(/[^\w-]/g, '')).join('|')})"`);

function captureNumber(id: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
}

/**
 * `GET /api/captures` (`?runtime=<policy>` to check every fork by that runtime's rules instead of
 * the one each call's tool suggests; `&project=<folder>` for the files its rules read): the newest captured requests, their sessions, and each fork
 * found in them with its verdict.
 */
export function capturesListHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env) {
  return answeringErrors('list captured traffic', async (request: Request): Promise<Response> => {
    guard(request, env);
    const { read, forks } = await checkedListing(store(), checkAsked(request));
    const byId = new Map(read.map(({ capture }) => [capture.id, capture]));
    const sessions = groupSessions(
      read.map(({ capture, conversation }) => ({ id: capture.id, sessionKey: capture.sessionKey, conversation })),
      new Set(forks.map((fork) => fork.childId)),
    );
    return jsonResponse({
      captures: read.map(({ capture, conversation }) => ({
        id: capture.id,
        api: capture.api,
        sessionKey: capture.sessionKey,
        captureSession: capture.captureSession,
        status: capture.status,
        error: capture.error,
        startedAt: capture.startedAt,
        endedAt: capture.endedAt,
        requestBytes: capture.requestBody.length,
        messages: conversation?.transcript.messages.length ?? null,
      })),
      // Each session's cost from its answers' usage: a fork's child is a session of its own.
      sessions: sessions.map((session) => ({
        ...session,
        cost: capturedCost(
          session.captureIds.map((id) => byId.get(id)!),
          PROVIDER_RULES,
        ),
      })),
      forks,
    });
  });
}

/**
 * `DELETE /api/captures?session=<name>`: forget one capture session's traffic (a test's own, before
 * or after it runs); `?all=true` forgets every capture. Nothing else is taken: a bare DELETE would
 * be one mistyped query away from losing a person's recordings.
 */
export function capturesClearHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env) {
  return answeringErrors('clear captured traffic', async (request: Request): Promise<Response> => {
    guard(request, env);
    const session = sessionAsked(request);
    const all = new URL(request.url).searchParams.get('all');
    if (session !== undefined && all !== null)
      throw invalidRequest('Name a capture session or all=true, not both.', [{ path: 'all', message: 'not with session' }]);
    if (session !== undefined) return jsonResponse({ session, deleted: store().clear(session) });
    if (all === 'true') return jsonResponse({ session: null, deleted: store().clear() });
    throw invalidRequest('Say what to clear: session=<name> for one capture session, or all=true for every capture.', [
      { path: 'session', message: 'required (or all=true)' },
    ]);
  });
}

/** `GET /api/captures/<id>`: a captured request body as the runtime sent it, to download or import. */
export function captureBodyHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env) {
  return answeringErrors('read a captured request', async (request: Request, id: string): Promise<Response> => {
    guard(request, env);
    const number = captureNumber(id);
    const capture = number === null ? null : store().get(number, sessionAsked(request));
    if (capture === null) throw new HttpError(404, 'not-found', `There is no captured request ${id.slice(0, 40)}.`);
    return new Response(capture.requestBody, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="capture-${capture.id}.${capture.api}.json"` },
    });
  });
}

/** The fork that started a captured child, as the listing checks it (`parent` and `call` name one of two that found the same child). */
async function findFork(store: CaptureStore, request: Request, id: string) {
  const check = checkAsked(request);
  const number = captureNumber(id);
  const { conversations, answered, forks } = number === null ? { conversations: [], answered: [], forks: [] } : await checkedListing(store, check);
  const query = new URL(request.url).searchParams;
  const parent = query.get('parent');
  const call = query.get('call');
  const finding = forks.find(
    (fork) => fork.childId === number && (parent === null || String(fork.parentId) === parent) && (call === null || fork.toolCallId === call),
  );
  const bundle = finding === undefined ? null : capturedForkBundle(finding, conversations, answered);
  if (finding === undefined || bundle === null) {
    throw new HttpError(404, 'not-found', `No fork among the newest ${CAPTURES_LISTED} captured requests started captured request ${id.slice(0, 40)}.`);
  }
  return { finding, bundle, child: conversations.find((conversation) => conversation.id === finding.childId)! };
}

/**
 * `GET /api/captures/<child id>/fork` (`?runtime=<policy>` as for the list; `&parent=<id>&call=<tool
 * call id>` to name one of two forks that found the same child): the fork that started
 * that captured child, as a Fork Lab bundle (the parent up to its call, the request, the plan, and
 * the child as the runtime sent it), to open in the playground like an import.
 */
export function capturedForkHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env) {
  return answeringErrors('open a captured fork', async (request: Request, id: string): Promise<Response> => {
    guard(request, env);
    const { finding, bundle } = await findFork(store(), request, id);
    return new Response(JSON.stringify(bundle), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="capture-fork-${finding.parentId}-${finding.childId}.fork-lab.json"`,
      },
    });
  });
}

/**
 * `GET /api/captures/<child id>/what-if` (the same query as `/fork`): the captured fork and the same
 * call with each other window of the runtime's, planned on the parent as recorded and priced at the
 * provider the child's model belongs to by the shipped rules, with each window's saving against the
 * one sent. `{ whatIf: null }` for a runtime with no window to change.
 */
export function capturedForkWhatIfHandler(store: () => CaptureStore, env: Record<string, string | undefined> = process.env) {
  return answeringErrors('price a captured fork with other windows', async (request: Request, id: string): Promise<Response> => {
    guard(request, env);
    const { bundle, child } = await findFork(store(), request, id);
    const target = captureTarget(child.api, child.transcript.profile.model, PROVIDER_RULES);
    const whatIf = target === null ? null : await forkWindowWhatIf(bundle.parent, bundle.request, target, PROVIDER_RULES);
    return jsonResponse({ whatIf });
  });
}
