import * as A from '@automerge/automerge';
import { entryText, type LogEntry } from './logEntry';

/** The compact stored form: one immutable string of JSON (a single op, never merged character by character). */
export function encodeEntry(entry: LogEntry): A.ImmutableString {
  return new A.ImmutableString(entryText(entry));
}
