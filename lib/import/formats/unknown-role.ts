import type { FidelityLog } from '../fidelity-report';
import { isRecord } from '../import-source';

/*
 * A message list written by an agent can hold messages that are not for the model: mini-swe-agent
 * closes its trajectory with `{role: "exit", content, extra}`. One such message does not make the
 * rest of the file unreadable, so an importer drops it and reports where it was. When no message
 * has one of the format's roles, nothing valid is left: the importer refuses the file as before,
 * naming the first role it does not have. A role that is not a string at all is a malformed
 * message, and the importers still refuse it.
 */

/** Every role one of the chat formats gives a message; any other role is none of theirs. */
const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

function hasOtherRole(message: unknown, roles: ReadonlySet<string>): boolean {
  return isRecord(message) && typeof message.role === 'string' && !roles.has(message.role);
}

/**
 * The messages detection weighs: one whose role no chat format has says nothing about the format,
 * since conversion drops it. A list of nothing else is left whole, so detection still fails on it.
 */
export function messagesWithChatRoles(messages: readonly unknown[]): readonly unknown[] {
  const known = messages.filter((message) => !hasOtherRole(message, CHAT_ROLES));
  return known.length === 0 ? messages : known;
}

export interface UnknownRoles {
  /** Whether `message` has a role the format does not have; if so, it is reported as dropped at `field`. */
  drops(message: unknown, field: string): boolean;
}

/** Drops the messages of `messages` whose role `label` does not have, unless that is all of them. */
export function unknownRoles(messages: readonly unknown[], roles: readonly string[], label: string, log: FidelityLog): UnknownRoles {
  const allowed = new Set(roles);
  const anyLeft = messages.some((message) => !hasOtherRole(message, allowed));
  return {
    drops(message, field) {
      if (!anyLeft || !hasOtherRole(message, allowed)) return false;
      const role = (message as { role: string }).role;
      log.add('dropped', `message with role "${role}", which ${label} does not have: dropped (its roles: ${roles.join(', ')})`, { field });
      return true;
    },
  };
}
