/** Something a sandboxed file tool refuses, in words the model (and the person) can act on. */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';
}

export const SANDBOX_LIMITS = { files: 500, bytesPerFile: 256 * 1024, searchResults: 50 } as const;

const SEED_FILES: Record<string, string> = {
  'README.md': '# demo-service\n\nA small HTTP service. Routes live in src/routes/. Run the tests with `npm test`.\n',
  'src/routes/users.ts':
    "export function getUser(request: Request): Response {\n  const id = new URL(request.url).searchParams.get('id');\n  if (id === null) return new Response('missing id', { status: 400 });\n  return Response.json({ id });\n}\n",
  'src/date.ts': "export function parseDate(s: string): Date {\n  const [y, m, d] = s.split('-').map(Number);\n  return new Date(y, m - 1, d);\n}\n",
  'notes/todo.md': '- [ ] add tests for parseDate\n- [ ] validate ids in src/routes/users.ts\n',
};

function normalise(path: unknown): string {
  if (typeof path !== 'string' || path.trim() === '') throw new SandboxError('A path is required: a relative path such as "src/date.ts".');
  const parts = path
    .trim()
    .replace(/^\.\/+/, '')
    .split('/');
  if (path.startsWith('/') || parts.some((part) => part === '..' || part === '')) {
    throw new SandboxError(`"${path}" is not a path inside the workspace: use a relative path without "..", such as "src/date.ts".`);
  }
  return parts.join('/');
}

/**
 * An in-memory file tree for one session's agents. Nothing here touches the real disk: the tools
 * exist to make transcripts realistic, not to give a model the machine.
 */
export class SandboxFiles {
  readonly #files = new Map<string, string>();

  constructor(seed: Record<string, string> = SEED_FILES) {
    for (const [path, content] of Object.entries(seed)) this.#files.set(path, content);
  }

  list(prefix: unknown = ''): string[] {
    const start = prefix === '' || prefix === undefined || prefix === '.' ? '' : `${normalise(prefix).replace(/\/$/, '')}/`;
    return [...this.#files.keys()].filter((path) => path.startsWith(start)).sort();
  }

  read(path: unknown): string {
    const key = normalise(path);
    const content = this.#files.get(key);
    if (content === undefined) throw new SandboxError(`There is no file "${key}". Files: ${this.list().join(', ') || 'none'}.`);
    return content;
  }

  write(path: unknown, content: unknown): string {
    const key = normalise(path);
    if (typeof content !== 'string') throw new SandboxError('content must be a string: the whole new text of the file.');
    if (new TextEncoder().encode(content).length > SANDBOX_LIMITS.bytesPerFile) {
      throw new SandboxError(`A file may hold at most ${SANDBOX_LIMITS.bytesPerFile} bytes.`);
    }
    if (!this.#files.has(key) && this.#files.size >= SANDBOX_LIMITS.files) {
      throw new SandboxError(`The workspace holds at most ${SANDBOX_LIMITS.files} files.`);
    }
    const existed = this.#files.has(key);
    this.#files.set(key, content);
    return `${existed ? 'Updated' : 'Created'} ${key} (${content.split('\n').length} lines).`;
  }

  search(query: unknown): string[] {
    if (typeof query !== 'string' || query.trim() === '') throw new SandboxError('query must be a non-empty string to look for.');
    const hits: string[] = [];
    for (const [path, content] of [...this.#files.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      content.split('\n').forEach((line, index) => {
        if (hits.length < SANDBOX_LIMITS.searchResults && line.includes(query)) hits.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    return hits;
  }
}

const globalSandboxes = globalThis as typeof globalThis & { forkLabSandboxes?: Map<string, SandboxFiles> };

/** Sandboxes kept in memory; the least recently used goes first (it starts again from the seed). */
export const MAX_SANDBOXES = 64;

/** The sandbox of a session, created with the seed files on first use. */
export function sandboxFor(sessionId: string): SandboxFiles {
  globalSandboxes.forkLabSandboxes ??= new Map();
  const sandboxes = globalSandboxes.forkLabSandboxes;
  let sandbox = sandboxes.get(sessionId);
  if (sandbox === undefined) sandbox = new SandboxFiles();
  sandboxes.delete(sessionId);
  sandboxes.set(sessionId, sandbox);
  while (sandboxes.size > MAX_SANDBOXES) sandboxes.delete(sandboxes.keys().next().value!);
  return sandbox;
}
