import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/database';
import { preparedRead } from '#app/db/prepared-read';
import { companies, projects, users } from '#app/db/schema/index';
import { projectsRepository } from '#app/modules/projects/projects.repository';
import { usersRepository } from '#app/modules/users/users.repository';
import { databases, freshDatabase } from '#app/test/test-app';

// ADR 0206: the reads of every detail request (and of every authenticated request) as server-side prepared
// statements. Expected rows come from the same select run the ordinary way (drizzle, unprepared).
describe.each(databases)('prepared reads on %s', (kind) => {
  let database: Database;
  let companyId = 0;
  let userId = 0;
  let projectId = 0;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    const { db } = database;
    const [company] = await db
      .insert(companies)
      .values({ name: 'Prepared GmbH', plan: 'Free' })
      .returning({ id: companies.id });
    companyId = company!.id;
    const [user] = await db
      .insert(users)
      .values({
        company_id: companyId,
        role: 'Admin',
        email: 'prepared@example.com',
        full_name: 'Erika Muster',
        password_hash: 'x',
        token_version: 3,
      })
      .returning({ id: users.id });
    userId = user!.id;
    const [project] = await db
      .insert(projects)
      .values({
        company_id: companyId,
        name: 'Halle 7',
        workbook: {},
        created_by: userId,
        modified_by: userId,
      })
      .returning({ id: projects.id });
    projectId = project!.id;
  });
  afterAll(() => database.close());

  const byId = (db: Database['db']) =>
    db
      .select({
        id: users.id,
        email: users.email,
        tv: users.token_version,
        active: users.is_active,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1);

  it('answers the rows of the same select run unprepared, also from a second instance and at once', async () => {
    const expected = await database.db
      .select({
        id: users.id,
        email: users.email,
        tv: users.token_version,
        active: users.is_active,
      })
      .from(users)
      .where(eq(users.id, userId));
    expect(expected).toEqual([{ id: userId, email: 'prepared@example.com', tv: 3, active: true }]);
    const first = preparedRead(database.db, 'test_user_by_id', byId(database.db));
    // the first calls together (one PREPARE), then a second repository on the same database (no second PREPARE)
    const answers = await Promise.all([1, 2, 3].map(() => first({ id: userId })));
    for (const answer of answers) expect(answer).toEqual(expected);
    const second = preparedRead(database.db, 'test_user_by_id', byId(database.db));
    expect(await second({ id: userId })).toEqual(expected);
    expect(await second({ id: userId + 1000 })).toEqual([]);
  });

  it('authenticates from the prepared user read: the columns authenticate checks', async () => {
    expect(await usersRepository(database.db).findForAuthentication(userId)).toEqual({
      id: userId,
      company_id: companyId,
      role: 'Admin',
      email: 'prepared@example.com',
      is_active: true,
      token_version: 3,
    });
  });

  it('gives the detail a new key for every change of what the answer shows, also without a new version', async () => {
    const repo = projectsRepository(database.db);
    const keyOf = async () => {
      const facts = await repo.detailKey(projectId, userId);
      expect(facts).toMatchObject({ company_id: companyId, assigned: false });
      return facts!.key;
    };
    const keys = [await keyOf()];
    expect(await keyOf()).toBe(keys[0]); // the same data, the same key
    // each of these changes what the detail shows (plan, creator's name, address) but not the version
    await database.db.update(companies).set({ plan: 'Paid' }).where(eq(companies.id, companyId));
    keys.push(await keyOf());
    await database.db.update(users).set({ full_name: 'Erika Neu' }).where(eq(users.id, userId));
    keys.push(await keyOf());
    await database.db
      .update(projects)
      .set({ street: 'Am Hang 1' })
      .where(eq(projects.id, projectId));
    keys.push(await keyOf());
    // input_hash was NULL: '' must give another key (a row's text writes NULL as nothing, '' as "")
    await database.db.update(projects).set({ input_hash: '' }).where(eq(projects.id, projectId));
    keys.push(await keyOf());
    expect(new Set(keys).size).toBe(keys.length);
    expect(await repo.detailKey(projectId + 1000, userId)).toBeUndefined();
  });

  it.runIf(kind === 'pglite')('writes only safe integers and booleans into EXECUTE', async () => {
    const read = preparedRead(
      database.db,
      'test_user_by_email',
      database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, sql.placeholder('email'))),
    );
    await expect(read({ email: "x'); drop table users; --" as unknown as number })).rejects.toThrow(
      /not a safe integer or boolean/,
    );
    await expect(read({ email: 2 ** 60 })).rejects.toThrow(/not a safe integer or boolean/);
    expect((await database.db.select({ id: users.id }).from(users)).length).toBe(1);
  });
});
