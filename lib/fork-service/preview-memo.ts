import 'server-only';
import { deepFreeze, type ForkRequest } from '@/lib/fork';
import { canonicalJson } from '@/lib/json/canonical-json';
import { contentKey } from '@/lib/provider-cache/content-key';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import type { RegisteredParent } from './parent-cache';

/** Previews kept per parent: the windows a person moves between, and the one a reload asks for again. */
export const PREVIEWS_PER_PARENT = 16;

const previews = new WeakMap<RegisteredParent, Map<string, object>>();

function keyOf(request: ForkRequest, rules: ProviderRules): string {
  return `${contentKey(rules)}|${canonicalJson(request)}`;
}

/**
 * A preview is a function of its parent, request and rules, and costs a plan, a count and a
 * forecast of the whole parent (a second on a 70,000-message one): the answers already given are
 * kept beside the parent, least recently asked first out, and go when the parent goes. A reload
 * asks for the window it showed, and gets it without waiting for that second again.
 */
export async function rememberedPreview<T extends object>(
  parent: RegisteredParent,
  request: ForkRequest,
  rules: ProviderRules,
  make: () => Promise<T>,
): Promise<T> {
  const key = keyOf(request, rules);
  let known = previews.get(parent);
  const remembered = known?.get(key);
  if (remembered !== undefined) {
    known!.delete(key);
    known!.set(key, remembered);
    return remembered as T;
  }
  // Frozen: every later asker gets this very object, and none may change it for the others.
  const made = deepFreeze(await make());
  if (known === undefined) {
    known = new Map();
    previews.set(parent, known);
  }
  known.set(key, made);
  if (known.size > PREVIEWS_PER_PARENT) known.delete(known.keys().next().value!);
  return made;
}
