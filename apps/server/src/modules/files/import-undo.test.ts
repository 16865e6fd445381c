/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- envelope data is asserted with toMatchObject, see test-app.ts */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_UNDO_MINUTES } from '@pfahlplaner/contracts';
import { companies, projectImportUndo } from '#app/db/schema/index';
import { DAY, MINUTE } from '#app/lib/clock';
import { importUndoRepository } from '#app/modules/files/import-undo.repository';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import type { SignedIn, TestApp } from '#app/test/test-app';
import {
  addColleague,
  appOnSameDatabase,
  createTestApp,
  databases,
  json,
  multipartBody,
  signUp,
  uniqueEmail,
} from '#app/test/test-app';

type Caller = Pick<TestApp, 'app' | 'call'>;

/** The undo of an import is kept in the database (ADR 0095): restarts, several processes, expiry, tenants. */
describe.each(databases)('import undo in the database on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let sampleXlsx: Buffer;
  const projectUrl = (companyId: number, projectId: number, rest = '') =>
    `/api/v1/companies/${companyId}/projects/${projectId}/${rest}`;

  const createWithExample = async (user: SignedIn, name: string) => {
    const created = await t.call('POST', `/api/v1/companies/${user.companyId}/projects/`, {
      token: user.access,
      body: { name },
    });
    const project = json(created).data as { id: number; version: number };
    const saved = await t.call(
      'PUT',
      projectUrl(user.companyId, project.id, 'update-table-datas/'),
      {
        token: user.access,
        body: exampleWorkbook(name, project.version),
      },
    );
    if (saved.statusCode !== 200) throw new Error(saved.body);
    return { id: project.id, version: json(saved).data.version as number };
  };
  const workbookOf = async (via: Caller, user: SignedIn, projectId: number) =>
    json(await via.call('GET', projectUrl(user.companyId, projectId), { token: user.access })).data
      .workbook;
  const applyImport = async (via: Caller, user: SignedIn, projectId: number, version: number) => {
    const body = multipartBody('file', sampleXlsx, 'sample.xlsx', 'application/octet-stream');
    const res = await via.app.inject({
      method: 'POST',
      url: `${projectUrl(user.companyId, projectId, 'import-file/')}?mode=apply&version=${version}`,
      remoteAddress: '10.0.0.1',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.access}` },
    });
    if (res.statusCode !== 200) throw new Error(`import failed: ${res.body}`);
    return json(res).data as { version: number; undo_until: string };
  };
  const undo = (
    via: Caller,
    user: SignedIn,
    companyId: number,
    projectId: number,
    version: number,
  ) =>
    via.call('POST', projectUrl(companyId, projectId, 'import-file/undo/'), {
      token: user.access,
      body: { version },
    });
  const undoStatus = (via: Caller, user: SignedIn, companyId: number, projectId: number) =>
    via.call('GET', projectUrl(companyId, projectId, 'import-file/undo/'), { token: user.access });
  const undoRows = (projectId: number) =>
    t.database.db
      .select()
      .from(projectImportUndo)
      .where(eq(projectImportUndo.project_id, projectId));

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, uniqueEmail('undo-owner'), 'Rückgängig GmbH');
    other = await signUp(t, uniqueEmail('undo-other'), 'Fremd AG');
    for (const id of [owner.companyId, other.companyId]) {
      await t.database.db.update(companies).set({ plan: 'Paid' }).where(eq(companies.id, id));
    }
    sampleXlsx = (
      await t.call('GET', '/api/v1/sample-import-file/?lang=de', { token: owner.access })
    ).rawPayload;
  });
  afterAll(async () => {
    await t.close();
  });

  it('undoes an import after the server was re-created on the same database', async () => {
    const project = await createWithExample(owner, 'Neustart');
    const before = await workbookOf(t, owner, project.id);

    const first = await appOnSameDatabase(t);
    const imported = await applyImport(first, owner, project.id, project.version);
    expect(imported.version).toBe(project.version + 1);
    await first.close();
    const [row] = await undoRows(project.id);
    expect(row).toMatchObject({
      company_id: owner.companyId,
      imported_version: imported.version,
      created_by: owner.userId,
    });
    expect(row!.expires_at.toISOString()).toBe(imported.undo_until);

    const restarted = await appOnSameDatabase(t);
    try {
      const res = await undo(restarted, owner, owner.companyId, project.id, imported.version);
      expect([res.statusCode, json(res).error?.code]).toEqual([200, undefined]);
      const restored = await workbookOf(restarted, owner, project.id);
      expect(restored.version).toBe(imported.version + 1);
      expect(restored.piles).toEqual(before.piles);
      expect(restored.soil_profiles).toEqual(before.soil_profiles);
      expect(await undoRows(project.id)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('works across two server processes: one restores, a concurrent second undo is refused', async () => {
    const project = await createWithExample(owner, 'Zwei Prozesse');
    const before = await workbookOf(t, owner, project.id);
    const second = await appOnSameDatabase(t);
    try {
      const imported = await applyImport(t, owner, project.id, project.version);
      const answers = await Promise.all([
        undo(t, owner, owner.companyId, project.id, imported.version),
        undo(second, owner, owner.companyId, project.id, imported.version),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(['VERSION_CONFLICT', 'IMPORT_UNDO_UNAVAILABLE']).toContain(json(refused).error?.code);
      const restored = await workbookOf(second, owner, project.id);
      expect(restored.version).toBe(imported.version + 1);
      expect(restored.piles).toEqual(before.piles);
      // Nothing left to undo, whichever process is asked.
      const again = await undo(t, owner, owner.companyId, project.id, restored.version);
      expect(json(again).error?.code).toBe('IMPORT_UNDO_UNAVAILABLE');
    } finally {
      await second.close();
    }
  });

  it('never lets another company undo or see the entry', async () => {
    const project = await createWithExample(owner, 'Mandantentrennung');
    const imported = await applyImport(t, owner, project.id, project.version);
    // The other company's user, with its own and with the owner's company id: 404, entry untouched.
    for (const companyId of [other.companyId, owner.companyId]) {
      const res = await undo(t, other, companyId, project.id, imported.version);
      expect([companyId, res.statusCode]).toEqual([companyId, 404]);
    }
    expect(await undoRows(project.id)).toHaveLength(1);
    // The store itself is tenant-scoped: the other company's id finds nothing and deletes nothing.
    const store = importUndoRepository(t.database.db);
    expect(await store.get(other.companyId, project.id)).toBeNull();
    await store.delete(other.companyId, project.id);
    expect(await store.get(owner.companyId, project.id)).toMatchObject({
      importedVersion: imported.version,
    });
    const res = await undo(t, owner, owner.companyId, project.id, imported.version);
    expect(res.statusCode).toBe(200);
  });

  it('tells after a reload whether the undo is available and until when (GET …/import-file/undo/), changing nothing', async () => {
    const project = await createWithExample(owner, 'Nach dem Neuladen');
    const none = await undoStatus(t, owner, owner.companyId, project.id);
    expect([none.statusCode, json(none).data]).toEqual([
      200,
      { available: false, undo_until: null, imported_version: null, reason: 'none' },
    ]);

    const imported = await applyImport(t, owner, project.id, project.version);
    const available = {
      available: true,
      undo_until: imported.undo_until,
      imported_version: imported.version,
      reason: null,
    };
    expect(json(await undoStatus(t, owner, owner.companyId, project.id)).data).toEqual(available);
    // another server process (a reload may reach any) answers the same
    const second = await appOnSameDatabase(t);
    try {
      expect(json(await undoStatus(second, owner, owner.companyId, project.id)).data).toEqual(
        available,
      );
    } finally {
      await second.close();
    }

    // roles and tenants as the undo itself: Member assigned ✓, unassigned 404, Guest 403, other company 404
    const member = await addColleague(t, owner.companyId, 'Member');
    expect((await undoStatus(t, member, owner.companyId, project.id)).statusCode).toBe(404);
    const guest = await addColleague(t, owner.companyId, 'Guest');
    const assign = await t.call('POST', projectUrl(owner.companyId, project.id, 'assign-users/'), {
      token: owner.access,
      body: { user_ids: [member.userId, guest.userId] },
    });
    expect(assign.statusCode).toBe(200);
    expect(json(await undoStatus(t, member, owner.companyId, project.id)).data).toEqual(available);
    const guestAnswer = await undoStatus(t, guest, owner.companyId, project.id);
    expect([guestAnswer.statusCode, json(guestAnswer).error?.code]).toEqual([
      403,
      'GUEST_READ_ONLY',
    ]);
    for (const companyId of [other.companyId, owner.companyId]) {
      const res = await undoStatus(t, other, companyId, project.id);
      expect([companyId, res.statusCode]).toEqual([companyId, 404]);
    }

    // edited after the import: no undo (reason `changed`), and asking changed nothing
    const edited = await t.call(
      'PUT',
      projectUrl(owner.companyId, project.id, 'update-table-datas/'),
      {
        token: owner.access,
        body: { ...(await workbookOf(t, owner, project.id)), piles: [] },
      },
    );
    expect(edited.statusCode).toBe(200);
    expect(json(await undoStatus(t, owner, owner.companyId, project.id)).data).toEqual({
      available: false,
      undo_until: null,
      imported_version: null,
      reason: 'changed',
    });
    expect(await undoRows(project.id)).toHaveLength(1);
  });

  it('refuses an expired undo with IMPORT_UNDO_EXPIRED (also after a restart) and purges old entries', async () => {
    const project = await createWithExample(owner, 'Abgelaufen');
    const imported = await applyImport(t, owner, project.id, project.version);
    t.clock.advance(IMPORT_UNDO_MINUTES * MINUTE - 1000);
    // a second before the end it is still offered (a colleague: access tokens expire with the clock)
    const early = await addColleague(t, owner.companyId, 'Admin');
    expect(json(await undoStatus(t, early, owner.companyId, project.id)).data).toMatchObject({
      available: true,
      undo_until: imported.undo_until,
    });
    const restarted = await appOnSameDatabase(t);
    // Access tokens expire with the clock: colleagues sign in afresh.
    let admin: SignedIn;
    try {
      t.clock.advance(2000);
      admin = await addColleague(t, owner.companyId, 'Admin');
      for (const via of [t, restarted]) {
        const res = await undo(via, admin, owner.companyId, project.id, imported.version);
        expect(res.statusCode).toBe(409);
        expect(json(res).error?.code).toBe('IMPORT_UNDO_EXPIRED');
      }
      expect((await workbookOf(t, admin, project.id)).version).toBe(imported.version);
      expect(json(await undoStatus(restarted, admin, owner.companyId, project.id)).data).toEqual({
        available: false,
        undo_until: null,
        imported_version: null,
        reason: 'expired',
      });
    } finally {
      await restarted.close();
    }

    // A day after expiry the next import (of any project) purges the row: then there is nothing to undo.
    t.clock.advance(DAY);
    admin = await addColleague(t, owner.companyId, 'Admin');
    const otherProject = await createWithExample(admin, 'Aufräumen');
    await applyImport(t, admin, otherProject.id, otherProject.version);
    expect(await undoRows(project.id)).toEqual([]);
    expect(await undoRows(otherProject.id)).toHaveLength(1);
    const gone = await undo(t, admin, owner.companyId, project.id, imported.version);
    expect(json(gone).error?.code).toBe('IMPORT_UNDO_UNAVAILABLE');
  });

  it('deletes the entry with its project', async () => {
    const admin = await addColleague(t, owner.companyId, 'Admin');
    const project = await createWithExample(admin, 'Gelöscht');
    await applyImport(t, admin, project.id, project.version);
    expect(await undoRows(project.id)).toHaveLength(1);
    const res = await t.call(
      'DELETE',
      `/api/v1/companies/${admin.companyId}/projects/delete-multi-projects/`,
      { token: admin.access, body: { project_ids: [project.id] } },
    );
    expect(res.statusCode).toBeLessThan(300);
    expect(await undoRows(project.id)).toEqual([]);
  });
});
