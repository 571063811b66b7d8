import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { createTestDatabase } from '../../test/support/test-database';
import { workspacePath } from './paths';
import { listMigrations, migrate } from './migrate';
import { MIGRATIONS_DIR, type TDatabase } from './db';

interface TField {
  name: string;
  column: string;
  type: string;
  optional: boolean;
  db?: string;
  unique: boolean;
}
interface TModel {
  name: string;
  table: string;
  fields: TField[];
}

/** A small reader of schema.prisma: models, their scalar fields, @map/@@map, @db types and @unique. */
function readSchema(): { models: TModel[]; enums: Set<string> } {
  const text = readFileSync(workspacePath('prisma', 'schema.prisma'), 'utf8').replace(/\/\/.*$/gm, '');
  const enums = new Set([...text.matchAll(/^enum (\w+) \{/gm)].map((m) => m[1]));
  const modelNames = new Set([...text.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]));
  const models: TModel[] = [];
  for (const m of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const body = m[2];
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? m[1];
    const fields: TField[] = [];
    for (const line of body.split('\n').map((l) => l.trim())) {
      const f = /^(\w+)\s+(\w+)(\?|\[\])?(.*)$/.exec(line);
      if (!f || line.startsWith('@@')) continue;
      const [, name, type, modifier, attrs] = f;
      if (modelNames.has(type) || modifier === '[]') continue; // relation fields have no column
      fields.push({
        name,
        column: /@map\("([^"]+)"\)/.exec(attrs)?.[1] ?? name,
        type,
        optional: modifier === '?',
        db: /@db\.(\w+)/.exec(attrs)?.[1],
        unique: /@unique\b/.test(attrs),
      });
    }
    models.push({ name: m[1], table, fields });
  }
  return { models, enums };
}

function expectedUdt(field: TField, enums: Set<string>): string {
  if (enums.has(field.type)) return field.type;
  if (field.db === 'Uuid') return 'uuid';
  switch (field.type) {
    case 'String':
      return 'text';
    case 'Int':
      return 'int4';
    case 'Boolean':
      return 'bool';
    case 'Float':
      return 'float8';
    case 'Json':
      return 'jsonb';
    case 'DateTime':
      return field.db === 'Timestamptz' ? 'timestamptz' : field.db === 'Date' ? 'date' : 'timestamp';
    default:
      throw new Error(`no mapping for ${field.type}`);
  }
}

describe('migrations', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  it('apply to an empty database and are recorded like prisma migrate deploy records them', async () => {
    const first = await migrate(database.url, MIGRATIONS_DIR);
    expect(first.applied).toEqual(listMigrations(MIGRATIONS_DIR).map((m) => m.name));
    const second = await migrate(database.url, MIGRATIONS_DIR);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toEqual(first.applied);

    const c = new Client({ connectionString: database.url });
    await c.connect();
    try {
      const { rows } = await c.query(
        'SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name',
      );
      expect(rows.map((r) => r.migration_name)).toEqual(first.applied);
      for (const [i, m] of listMigrations(MIGRATIONS_DIR).entries()) {
        expect(rows[i].checksum).toBe(m.checksum);
        expect(rows[i].checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(rows[i].finished_at).toBeInstanceOf(Date);
        expect(rows[i].applied_steps_count).toBe(1);
        expect(rows[i].rolled_back_at).toBeNull();
      }
    } finally {
      await c.end();
    }
  });

  it('leave a database whose tables and columns match schema.prisma model by model and field by field', async () => {
    await migrate(database.url, MIGRATIONS_DIR);
    const { models, enums } = readSchema();
    expect(models.length).toBeGreaterThan(10);
    const c = new Client({ connectionString: database.url });
    await c.connect();
    try {
      const { rows } = await c.query<{
        table_name: string;
        column_name: string;
        udt_name: string;
        is_nullable: string;
      }>(
        `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
      );
      const actualTables = new Set(rows.map((r) => r.table_name));
      expect([...actualTables].sort()).toEqual(models.map((m) => m.table).sort());
      for (const model of models) {
        const cols = rows.filter((r) => r.table_name === model.table);
        expect({ model: model.name, columns: cols.map((r) => r.column_name).sort() }).toEqual({
          model: model.name,
          columns: model.fields.map((f) => f.column).sort(),
        });
        for (const field of model.fields) {
          const col = cols.find((r) => r.column_name === field.column)!;
          expect({
            field: `${model.name}.${field.name}`,
            udt: col.udt_name,
            nullable: col.is_nullable === 'YES',
          }).toEqual({
            field: `${model.name}.${field.name}`,
            udt: expectedUdt(field, enums),
            nullable: field.optional,
          });
        }
      }
      const { rows: uniques } = await c.query<{ tablename: string; indexdef: string }>(
        `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE 'CREATE UNIQUE%'`,
      );
      for (const model of models) {
        for (const field of model.fields.filter((f) => f.unique)) {
          expect(
            uniques.some(
              (u) => u.tablename === model.table && new RegExp(`\\("?${field.column}"?\\)$`).test(u.indexdef),
            ),
          ).toBe(true);
        }
      }
      const { rows: roles } = await c.query('SELECT name FROM roles ORDER BY id');
      expect(roles.map((r) => r.name)).toEqual(['Member', 'PremiumMember', 'Admin']);
    } finally {
      await c.end();
    }
  });

  it('refuses to run when an applied migration file was changed afterwards', async () => {
    await migrate(database.url, MIGRATIONS_DIR);
    const c = new Client({ connectionString: database.url });
    await c.connect();
    await c.query(`UPDATE "_prisma_migrations" SET checksum = repeat('0', 64) WHERE migration_name = $1`, [
      listMigrations(MIGRATIONS_DIR)[0].name,
    ]);
    await c.end();
    await expect(migrate(database.url, MIGRATIONS_DIR)).rejects.toThrow(/changed after it was applied/);
  });
});
