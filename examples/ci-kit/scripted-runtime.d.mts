/** The scripted runtime's one entry: a session with one fork, against Fork Lab at `baseUrl`. */
export function runScriptedRuntime(options: { baseUrl: string; mistake?: 'lost-tools' | 'twice' | string | undefined }): Promise<void>;
