import type { Readable } from 'node:stream';

/**
 * Where attachment contents live (architecture "Files"): the database keeps each file's metadata
 * and its storage key, the storage keeps the bytes. Keys are opaque, made by the caller, and never
 * contain user input.
 */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  /** Stores what the stream gives without holding it all in memory (generated reports); nothing is stored if it fails. */
  putStream(key: string, content: Readable): Promise<void>;
  /** The content, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The content as a stream and its size in bytes, or null when nothing is stored: a download never holds a whole file. */
  getStream(key: string): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
}

export interface StoredStream {
  content: Readable;
  size: number;
}

/** Storage keys are made of these characters only, so a key can never leave its folder. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key: ${key}`);
}
