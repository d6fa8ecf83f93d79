// How a log record becomes one line (text) or one JSON object (json, for log shippers), the same
// for the console and logs/latest.log. JSON is rendered by pino so that errors, escaping and field
// names are what shippers already parse.

import pino from 'pino';
import { isoLocal, renderText, type LogRecord } from './log.ts';

export type LogFormat = 'text' | 'json';

export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

export type RenderRecord = (record: LogRecord) => string;

/** The record as one line without its newline (text lines with an error carry its stack below). */
export function createRenderer(format: LogFormat): RenderRecord {
  return format === 'json' ? createJsonRenderer() : renderText;
}

function createJsonRenderer(): RenderRecord {
  let rendered = '';
  // pino stamps the time itself; it takes the record's time instead, so a line says when it was logged.
  let recordTime = new Date();
  const logger = pino(
    {
      level: 'info',
      base: null,
      messageKey: 'msg',
      timestamp: () => `,"time":"${isoLocal(recordTime)}"`,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    // pino writes synchronously to its destination, so the line is here when the call returns.
    { write: (line: string) => void (rendered = line) },
  );
  return (record) => {
    recordTime = record.time;
    const fields: { name?: string; err?: unknown } = {};
    if (record.name) fields.name = record.name;
    if (record.err !== undefined) fields.err = record.err;
    rendered = '';
    logger[record.level](fields, record.msg);
    return rendered.endsWith('\n') ? rendered.slice(0, -1) : rendered;
  };
}
