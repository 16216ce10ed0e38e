import { describe, expect, it } from 'vitest';
import { deepFreeze } from '@/lib/fork';
import { debouncedStorage, memoryBackend } from './debounced-storage';

type State = { transcript: { messages: string[] }; selection?: string };
const stateWith = (count: number, label: string, selection = 'a') => ({
  state: { transcript: deepFreeze({ messages: Array.from({ length: count }, (_, index) => `${label}${index}`) }), selection },
  version: 0,
});
/** The heads of the stored parts (a part's slices are keys below its head's). */
const partKeys = (backend: ReturnType<typeof memoryBackend>) => [...backend.entries.keys()].filter((key) => /:part:[^:]+$/.test(key));
const sliceKeys = (backend: ReturnType<typeof memoryBackend>) => [...backend.entries.keys()].filter((key) => /:part:[^:]+:\d+:\d+$/.test(key));

describe('debouncedStorage', () => {
  it('reads back what it wrote, the histories deep-frozen', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    const written = stateWith(1_000, 'm');
    storage.setItem('w', written);
    await storage.flush();
    const read = (await debouncedStorage<State>(backend, 1).getItem('w'))!;
    expect(read).toEqual(written);
    expect(Object.isFrozen(read.state.transcript.messages)).toBe(true);
  });

  it('writes a history once: a change beside it rewrites only the skeleton, and a dropped one is deleted', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    const first = stateWith(10, 'm', 'a');
    storage.setItem('w', first);
    await storage.flush();
    const [key] = partKeys(backend);
    const stored = backend.entries.get(key!);
    storage.setItem('w', { ...first, state: { ...first.state, selection: 'b' } });
    await storage.flush();
    expect(partKeys(backend)).toEqual([key]);
    // The very same stored value: not written again.
    expect(backend.entries.get(key!)).toBe(stored);
    storage.setItem('w', stateWith(3, 'n'));
    await storage.flush();
    expect(partKeys(backend)).toHaveLength(1);
    expect(partKeys(backend)).not.toContain(key);
  });

  it('writes a long history a slice per record, and deletes the slices with their part', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    storage.setItem('w', stateWith(1_000, 'm'));
    await storage.flush();
    const [key] = partKeys(backend);
    expect(sliceKeys(backend)).toEqual([`${key}:0:0`, `${key}:0:1`, `${key}:0:2`]);
    storage.setItem('w', stateWith(1, 'n'));
    await storage.flush();
    expect(sliceKeys(backend)).toEqual([]);
    await storage.removeItem('w');
    expect([...backend.entries.keys()]).toEqual([]);
  });

  it('does not write again what it read back', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    storage.setItem('w', stateWith(10, 'm'));
    await storage.flush();
    const [key] = partKeys(backend);
    const stored = backend.entries.get(key!);
    const reloaded = debouncedStorage<State>(backend, 1);
    const read = (await reloaded.getItem('w'))!;
    reloaded.setItem('w', { ...read, state: { ...read.state, selection: 'changed' } });
    await reloaded.flush();
    expect(backend.entries.get(key!)).toBe(stored);
    expect((await reloaded.getItem('w'))!.state.selection).toBe('changed');
  });

  it('writes a part again when it is gone from storage (another tab reset the workspace), so nothing saved is lost', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    const state = stateWith(10, 'm', 'a');
    storage.setItem('w', state);
    await storage.flush();
    backend.entries.clear();
    storage.setItem('w', { ...state, state: { ...state.state, selection: 'b' } });
    await storage.flush();
    expect((await debouncedStorage<State>(backend, 1).getItem('w'))!.state).toEqual({ ...state.state, selection: 'b' });
  });

  it('keeps the parts of a skeleton another tab wrote meanwhile', async () => {
    const backend = memoryBackend();
    const tab = debouncedStorage<State>(backend, 1);
    const other = debouncedStorage<State>(backend, 1);
    tab.setItem('w', stateWith(10, 'mine'));
    await tab.flush();
    // The other tab writes its skeleton after this one wrote its own, but before this one tidies.
    const set = backend.set;
    let raced = false;
    backend.set = async (key, value) => {
      await set(key, value);
      if (key === 'w' && !raced) {
        raced = true;
        other.setItem('w', stateWith(5, 'theirs'));
        await other.flush();
      }
    };
    tab.setItem('w', stateWith(3, 'mine again'));
    await tab.flush();
    backend.set = set;
    expect((await debouncedStorage<State>(backend, 1).getItem('w'))!.state.transcript.messages).toEqual([
      'theirs0',
      'theirs1',
      'theirs2',
      'theirs3',
      'theirs4',
    ]);
  });

  it('reads a workspace saved as one JSON text, as before parts existed', async () => {
    const backend = memoryBackend();
    backend.entries.set('w', JSON.stringify({ state: { transcript: { messages: ['old'] } }, version: 0 }));
    expect(await debouncedStorage<State>(backend, 1).getItem('w')).toEqual({ state: { transcript: { messages: ['old'] } }, version: 0 });
  });

  it('treats a skeleton whose part is missing or malformed as nothing saved', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    storage.setItem('w', stateWith(10, 'm'));
    await storage.flush();
    const [key] = partKeys(backend);
    const head = backend.entries.get(key!);
    backend.entries.set(key!, { json: 42 });
    expect(await debouncedStorage<State>(backend, 1).getItem('w')).toBeNull();
    backend.entries.delete(key!);
    expect(await debouncedStorage<State>(backend, 1).getItem('w')).toBeNull();
    // A head whose slice is gone.
    backend.entries.set(key!, { ...(head as object), arrays: [{ path: ['messages'], slices: 1 }] });
    expect(await debouncedStorage<State>(backend, 1).getItem('w')).toBeNull();
  });

  it('writes the newest state, even when an older one was still being sliced', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    // A long parent: its write yields between slices, and a small change arrives meanwhile.
    storage.setItem('w', stateWith(5_000, 'old'));
    const first = storage.flush();
    storage.setItem('w', stateWith(3, 'new'));
    const second = storage.flush();
    await Promise.all([first, second]);
    expect((await debouncedStorage<State>(backend, 1).getItem('w'))!.state.transcript.messages).toEqual(['new0', 'new1', 'new2']);
    expect(partKeys(backend)).toHaveLength(1);
    expect(storage.status()).toBe('saved');
  });

  it('does not bring back what was removed while a write was under way', async () => {
    const backend = memoryBackend();
    const storage = debouncedStorage<State>(backend, 1);
    storage.setItem('w', stateWith(5_000, 'old'));
    const write = storage.flush();
    await storage.removeItem('w');
    await write;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([...backend.entries.keys()]).toEqual([]);
  });

  it('reports a failed write and keeps writing later states', async () => {
    const backend = memoryBackend();
    let fail = true;
    const storage = debouncedStorage<State>(
      {
        ...backend,
        set: async (key, value) => {
          if (fail) throw new Error('quota');
          await backend.set(key, value);
        },
      },
      1,
    );
    const statuses: string[] = [];
    storage.onStatus((status) => statuses.push(status));
    storage.setItem('w', stateWith(1, 'a'));
    await storage.flush();
    fail = false;
    storage.setItem('w', stateWith(1, 'b'));
    await storage.flush();
    expect(statuses).toEqual(['pending', 'failed', 'pending', 'saved']);
    expect((await debouncedStorage<State>(backend, 1).getItem('w'))!.state.transcript.messages).toEqual(['b0']);
  });

  describe('notes beside a history', () => {
    const registration = (count: number) => ({ parentKey: 'k1', messageTokens: Array.from({ length: count }, (_, index) => index) });

    it('keeps a note beside a history, a slice of its long arrays per record, and reads it back in another page', async () => {
      const backend = memoryBackend();
      const storage = debouncedStorage<State>(backend, 1);
      const written = stateWith(10, 'm');
      storage.setItem('w', written);
      await storage.flush();
      await storage.keepNote('w', written.state.transcript, 'registration', registration(1_000));
      const [part] = partKeys(backend);
      expect([...backend.entries.keys()].filter((key) => key.startsWith(`${part}:note:`))).toEqual([
        `${part}:note:registration:0:0`,
        `${part}:note:registration:0:1`,
        `${part}:note:registration:0:2`,
        `${part}:note:registration`,
      ]);
      // Another page: the history read back is a new object, stored under the same part.
      const other = debouncedStorage<State>(backend, 1);
      const read = (await other.getItem('w'))!;
      expect(await other.readNote('w', read.state.transcript, 'registration')).toEqual(registration(1_000));
      expect(await other.readNote('w', read.state.transcript, 'other')).toBeUndefined();
      expect(await other.readNote('w', deepFreeze({ messages: [] }), 'registration')).toBeUndefined();
    });

    it('goes with its history: when the part is dropped, when it is dropped itself, and when the workspace is removed', async () => {
      const backend = memoryBackend();
      const storage = debouncedStorage<State>(backend, 1);
      const first = stateWith(10, 'm');
      storage.setItem('w', first);
      await storage.flush();
      await storage.keepNote('w', first.state.transcript, 'registration', registration(500));
      const second = stateWith(10, 'n');
      storage.setItem('w', second);
      await storage.flush();
      expect([...backend.entries.keys()].filter((key) => key.includes(':note:'))).toEqual([]);
      await storage.keepNote('w', second.state.transcript, 'registration', registration(500));
      await storage.dropNote('w', second.state.transcript, 'registration');
      expect(await storage.readNote('w', second.state.transcript, 'registration')).toBeUndefined();
      expect([...backend.entries.keys()].filter((key) => key.includes(':note:'))).toEqual([]);
      await storage.keepNote('w', second.state.transcript, 'registration', registration(5));
      await storage.removeItem('w');
      expect([...backend.entries.keys()]).toEqual([]);
    });

    it('is only missing when the store fails: keeping and reading do not throw', async () => {
      const backend = memoryBackend();
      const failing = { ...backend, set: async () => Promise.reject(new Error('quota')), get: async () => Promise.reject(new Error('closed')) };
      const storage = debouncedStorage<State>(failing, 1);
      const history = deepFreeze({ messages: ['a'] });
      await expect(storage.keepNote('w', history, 'registration', registration(3))).resolves.toBeUndefined();
      await expect(storage.readNote('w', history, 'registration')).resolves.toBeUndefined();
    });
  });
});
