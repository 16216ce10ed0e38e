/** Bounds on a request's project files: a runtime reads a few small files, never a tree. */
export const PROJECT_FILES = 16;
export const PROJECT_PATH_CHARS = 300;
/** Past every runtime's own limit (Qwen's 64 KB profile), so the runtime's error is the one shown. */
export const PROJECT_FILE_CHARS = 128 * 1024;

/**
 * The longest directive Fork Lab's inputs take (the playground, a compare, a sweep). No runtime
 * bounds its task, and the engine plans any, but a directive is a task, not a transcript: past
 * this, the request a page sends to plan it grows past what the server reads, and the refusal
 * would blame something else.
 */
export const DIRECTIVE_MAX_CHARS = 100_000;

/** The longest value a one-line parameter takes in Fork Lab's inputs: past any name, number or list a runtime matches. */
export const TEXT_FIELD_MAX_CHARS = 10_000;
