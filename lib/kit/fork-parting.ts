import type { KitFork, PartingLine } from './kit-types';

/** What each kind of line says beside the two positions: the same marks the captures page draws. */
const MARK: Record<PartingLine['kind'], string> = { same: ' ', changed: '~', removed: '-', added: '+' };

function place(position: number | null, count: number): string {
  if (position === null) return '—';
  return count > 1 ? `#${position}–#${position + count - 1}` : `#${position}`;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);
}

/** Where a fork's child parts from what its rules plan, as lines: the first difference, then the two requests message by message. */
export function forkParting(fork: KitFork): string[] {
  const runtime = `${fork.runtime}${fork.announced === null ? '' : `@${fork.announced.runtimeVersion}`}`;
  const head = `fork ${fork.parentId}→${fork.childId} (${fork.toolName}${fork.toolCallId === '' ? '' : ` call ${fork.toolCallId}`}), read by ${runtime}'s rules`;
  if (fork.verdict === 'refused') return [`${head}: its rules refuse the call the runtime ran`, ...(fork.errors ?? []).map((error) => `  ${error}`)];
  if (fork.difference === null) return [`${head}: the child is what the rules plan (${fork.actualMessages} messages)`];
  const { at, expected, actual } = fork.difference;
  return [
    `${head}: the child differs at ${at}`,
    `  planned: ${quoted(expected)}`,
    `  sent:    ${quoted(actual)}`,
    `  planned ${fork.expectedMessages} messages, sent ${fork.actualMessages}:`,
    ...fork.items.map((item) => {
      const where = `${place(item.planned, item.count).padEnd(9)} ${place(item.sent, item.count).padEnd(9)}`;
      const said = item.kind === 'same' ? '' : ` ${quoted(item.text)}${item.was === undefined ? '' : ` (planned ${quoted(item.was)})`}`;
      return `  ${MARK[item.kind]} ${where} ${item.role.padEnd(9)} ${item.source}${said}`;
    }),
  ];
}
