import { describe, expect, it } from 'vitest';
import type { ReporterRecord } from '../../../common/reporters';
import type { ApiRecord } from '../../engine/api/resourceApi';
import { errorsOnForm, newReporterForm, reporterSaveBody, reporterToForm, today } from './reporterForm';

const record: ReporterRecord = {
  id: 4,
  title: 'Winter thrillers',
  date: '2026-12-15',
  reporterStatusId: 2,
  reporterStatus: { id: 2, name: 'Published' },
  reporterUsers: [{ id: 3, fullname: 'Bruno Abel' }],
  reporterUserRoles: [{ id: 2, name: 'premium' }],
  lang: 'fr',
  reporterTextsData: {
    rights: [{ id: 31, text: 'Droits', textType: 'rights' }],
    alerts: [],
    buzz: [
      { id: 40, text: 'Buzz un', textType: 'buzz' },
      { id: 41, text: 'Buzz deux', textType: 'buzz' },
    ],
    news: [],
  },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
};

describe('reporter form', () => {
  it('edits the targets as ids and the blocks of the language read as one list, category by category', () => {
    expect(reporterToForm(record as unknown as ApiRecord)).toEqual({
      id: 4,
      title: 'Winter thrillers',
      date: '2026-12-15',
      reporterStatusId: 2,
      reporterUserIds: [3],
      reporterUserRoleIds: [2],
      updatedTexts: [
        { id: 31, text: 'Droits', textType: 'rights' },
        { id: 40, text: 'Buzz un', textType: 'buzz' },
        { id: 41, text: 'Buzz deux', textType: 'buzz' },
      ],
    });
  });

  it('opens a new reporter on today’s date with status 1 (SPEC §4)', () => {
    const now = new Date(2026, 0, 5, 23, 30);
    expect(today(now)).toBe('2026-01-05');
    expect(newReporterForm(now)).toMatchObject({ date: '2026-01-05', reporterStatusId: 1, updatedTexts: [] });
  });

  it('sends the new and changed blocks only, and the ids of the blocks taken out', () => {
    const initial = reporterToForm(record as unknown as ApiRecord);
    const edited = {
      ...initial,
      title: 'Hiver',
      updatedTexts: [
        { id: 31, text: 'Droits', textType: 'rights' },
        { id: null, text: 'Nouvelle alerte', textType: 'alerts' },
        { id: 41, text: 'Buzz deux, revu', textType: 'buzz' },
      ],
    };
    const { body, sentIndex } = reporterSaveBody(edited, initial, 'fr', '4');
    expect(body).toEqual({
      id: 4,
      title: 'Hiver',
      date: '2026-12-15',
      reporterStatusId: 2,
      reporterUserIds: [3],
      reporterUserRoleIds: [2],
      lang: 'fr',
      updatedTexts: [
        { id: null, text: 'Nouvelle alerte', textType: 'alerts' },
        { id: 41, text: 'Buzz deux, revu', textType: 'buzz' },
      ],
      deletedTextIds: [40],
    });
    expect(sentIndex).toEqual([1, 2]);
  });

  it('creates without an id, every block new', () => {
    const { body } = reporterSaveBody(
      { ...newReporterForm(), title: 'T', updatedTexts: [{ id: null, text: 'a', textType: 'news' }] },
      newReporterForm(),
      'en',
      undefined,
    );
    expect(body).not.toHaveProperty('id');
    expect(body.updatedTexts).toEqual([{ id: null, text: 'a', textType: 'news' }]);
    expect(body.deletedTextIds).toEqual([]);
  });

  it('puts the server’s block errors on the block of the form they name, and a deleted block’s on the texts', () => {
    expect(
      errorsOnForm({ 'updatedTexts.1.text': ['Too long.'], 'updatedTexts.0.id': ['Gone.'], 'deletedTextIds.0': ['Not ours.'], title: ['Required.'] }, [1, 2]),
    ).toEqual({
      'updatedTexts.2.text': ['Too long.'],
      'updatedTexts.1.id': ['Gone.'],
      updatedTexts: ['Not ours.'],
      title: ['Required.'],
    });
  });
});
