import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** How many statement texts keep a parsed statement; the least recently used beyond it is closed. */
export const PARSED_STATEMENT_CAPACITY = 256;

interface ParsedStatement {
  name: string;
  /** The parameters' type ids, as the database inferred them when it parsed the text. */
  paramTypes: number[];
}

/** Clients already serving their queries from parsed statements (wrapping one twice would reuse names). */
const reusing = new WeakSet<PGlite>();

function joined(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** PostgreSQL refuses to run a parsed statement whose result columns a schema change has altered. */
const isStaleStatement = (error: unknown) => (error as { code?: unknown }).code === '0A000' && /cached plan/.test(String((error as { message?: unknown }).message));

/**
 * Makes the embedded database parse each parameterised statement text once (ADR 0046). PGlite's `query`
 * sends every statement as an unnamed one, in six exchanges with the engine (parse, describe, bind,
 * describe, execute, sync), so the engine parses, analyses and rewrites the whole text on every call: for
 * a list's page with its bounded count (3 600 characters, 46 parameters) that and the exchanges were about
 * a quarter of the statement's time. Here the text is parsed once into a named statement, its parameters'
 * types kept, and each call binds, executes and syncs in one exchange. The session plans every execution
 * for its values (`plan_cache_mode = force_custom_plan`), as it planned the unnamed statements: a generic
 * plan of a list's page, which cannot see the page's limit, measured 485 ms instead of 3 ms.
 *
 * Only queries outside a transaction take this path (Drizzle's transactions use PGlite's transaction
 * object, left as it is), and statements without parameters or with PGlite's own options keep PGlite's.
 */
export async function reuseParsedStatements(client: PGlite, capacity = PARSED_STATEMENT_CAPACITY): Promise<void> {
  if (reusing.has(client)) return;
  reusing.add(client);
  await client.exec('SET plan_cache_mode = force_custom_plan');
  const unnamed = client.query.bind(client) as PGlite['query'];
  const { serialize } = protocol;
  /** By statement text, least recently used first. */
  const statements = new Map<string, ParsedStatement>();
  let sequence = 0;
  const exchange = (parts: Uint8Array[], syncToFs = false) => client.execProtocolStream(joined(parts), { syncToFs });

  async function parsed(text: string): Promise<ParsedStatement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `delego_${(sequence += 1)}`;
    const described = await exchange([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > capacity) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await exchange([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]);
    }
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    let statement: ParsedStatement | undefined;
    try {
      statement = await parsed(text);
      const { name, paramTypes } = statement;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[paramTypes[index]!] ?? client.serializers[paramTypes[index]!];
        return serializer ? serializer(value) : String(value);
      });
      // Outside a transaction, as PGlite's own `query` does, the files are synced after the statement.
      const messages = await exchange([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()], true);
      return parse.parseResults(messages, client.parsers, options)[0]!;
    } catch (error) {
      if (statement && isStaleStatement(error)) {
        statements.delete(text);
        await exchange([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
      }
      // As PGlite's own `query` does, the error names its statement.
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  client.query = async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!params || params.length === 0 || options?.blob || options?.paramTypes) return unnamed<T>(text, params, options);
    // As PGlite's own `query`: a closing or closed database says so.
    await client._checkReady();
    try {
      // The same locks as PGlite's own `query`: after any open transaction, one statement at a time.
      return (await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options)))) as Results<T>;
    } catch (error) {
      // A statement parsed before a schema change: parsed again from its text on the next call; this one runs unnamed.
      if (isStaleStatement(error)) return unnamed<T>(text, params, options);
      throw error;
    }
  };
}
