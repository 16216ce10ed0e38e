/**
 * A long, realistic Claude Code session: turns of a prompt, a streamed assistant message split
 * over two lines (thinking, then a tool call), a tool result with a few KB of file content, the
 * interface's non-conversation lines, and a closing answer. A short file (`fileLines`) makes more
 * messages per megabyte: a real 40 MB session of 70,000 messages reads about 10 lines a result.
 */
export function syntheticClaudeSession(targetBytes: number, { fileLines = 60 }: { fileLines?: number } = {}): { text: string; lines: number } {
  const out: string[] = [];
  let bytes = 0;
  let parent: string | null = null;
  let n = 0;
  const base = { sessionId: 'bench', cwd: '/work/project', version: '2.1.0', userType: 'external', isSidechain: false, gitBranch: 'main' };
  const push = (record: Record<string, unknown>) => {
    const line = JSON.stringify(record);
    out.push(line);
    bytes += line.length + 1;
  };
  const fileBody = Array.from({ length: fileLines }, (_, i) => `    ${i + 1}→  const value${i} = compute(${i}, options); // keeps the parser honest`).join(
    '\n',
  );
  while (bytes < targetBytes) {
    n++;
    const u = `u${n}`;
    push({
      ...base,
      type: 'user',
      uuid: u,
      parentUuid: parent,
      timestamp: '2026-11-30T00:00:00Z',
      message: { role: 'user', content: `Step ${n}: read src/module-${n % 97}.ts and tell me what compute() does with options.` },
    });
    push({ type: 'file-history-snapshot', messageId: u, snapshot: { trackedFileBackups: {} } });
    const a1 = `a${n}a`;
    push({
      ...base,
      type: 'assistant',
      uuid: a1,
      parentUuid: u,
      message: {
        id: `msg_${n}`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'thinking', thinking: `I should read module ${n % 97} first.`, signature: 'c2lnbmF0dXJl' }],
        stop_reason: null,
        usage: { input_tokens: 1200, output_tokens: 40 },
      },
    });
    const a2 = `a${n}b`;
    push({
      ...base,
      type: 'assistant',
      uuid: a2,
      parentUuid: a1,
      message: {
        id: `msg_${n}`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'tool_use', id: `toolu_${n}`, name: 'Read', input: { file_path: `/work/project/src/module-${n % 97}.ts` } }],
        stop_reason: 'tool_use',
        usage: { input_tokens: 1200, output_tokens: 80 },
      },
    });
    const r = `r${n}`;
    push({
      ...base,
      type: 'user',
      uuid: r,
      parentUuid: a2,
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${n}`, content: fileBody }] },
      toolUseResult: { type: 'text', file: { numLines: fileLines } },
    });
    const f = `f${n}`;
    push({
      ...base,
      type: 'assistant',
      uuid: f,
      parentUuid: r,
      message: {
        id: `msg_${n}z`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: `compute() in module ${n % 97} folds options into the value; nothing else reads them.` }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 3400, output_tokens: 30 },
      },
    });
    parent = f;
  }
  return { text: `${out.join('\n')}\n`, lines: out.length };
}
