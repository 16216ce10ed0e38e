import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CaptureStore } from './capture-store';

const file = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'fork-lab-captures-')), 'captures.sqlite');
const request = (captureSession: string | null, text: string) => ({
  api: 'openai-chat' as const,
  sessionKey: null,
  captureSession,
  requestBody: text,
  requestHeaders: {},
});

describe('the capture store’s capture sessions', () => {
  it('lists, reads and clears one session’s captures without touching another’s', () => {
    const store = new CaptureStore(file());
    const a1 = store.begin(request('a', 'a1'));
    const b1 = store.begin(request('b', 'b1'));
    const none = store.begin(request(null, 'none'));
    const a2 = store.begin(request('a', 'a2'));
    expect(store.list(10, Number.POSITIVE_INFINITY, 'a').map((capture) => capture.id)).toEqual([a2, a1]);
    expect(store.list(10).map((capture) => capture.id)).toEqual([a2, none, b1, a1]);
    expect(store.get(b1, 'a')).toBeNull();
    expect(store.get(b1, 'b')?.requestBody).toBe('b1');
    expect(store.sessions()).toEqual([
      { name: 'a', requests: 2 },
      { name: 'b', requests: 1 },
    ]);
    expect(store.clear('a')).toBe(2);
    expect(store.list(10).map((capture) => capture.id)).toEqual([none, b1]);
    expect(store.clear()).toBe(2);
    expect(store.list(10)).toEqual([]);
    store.close();
  });

  it('opens a store written before sessions existed, its captures in none', () => {
    const at = file();
    const old = new Database(at);
    old.exec(`CREATE TABLE captures (id INTEGER PRIMARY KEY AUTOINCREMENT, api TEXT NOT NULL, session_key TEXT, request_body TEXT NOT NULL,
      request_headers TEXT NOT NULL, status INTEGER, response_body TEXT, response_truncated INTEGER NOT NULL DEFAULT 0, response_headers TEXT,
      error TEXT, started_at TEXT NOT NULL, ended_at TEXT)`);
    old.prepare("INSERT INTO captures (api, request_body, request_headers, started_at) VALUES ('openai-chat', '{}', '{}', '2026-01-01')").run();
    old.close();
    const store = new CaptureStore(at);
    expect(store.list(10).map((capture) => [capture.requestBody, capture.captureSession])).toEqual([['{}', null]]);
    store.begin(request('t', 'new'));
    expect(store.list(10, Number.POSITIVE_INFINITY, 't').map((capture) => capture.requestBody)).toEqual(['new']);
    store.close();
  });
});
