import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Materials, materialsMachine } from '../../machines/learning/materials.machine';
import { MaterialsView } from '../../src/features/learning/materials/MaterialsScreen';
import { done, failed, networkError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { click } from '../userActions';

const withDocuments: Materials = {
  courseTitle: 'Strong back',
  documents: [
    {
      id: 1,
      title: 'Exercise guide',
      url: null,
      file: {
        id: 9,
        type: 'document',
        name: 'guide.pdf',
        url: '/media/files/9/guide.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 1200,
        urls: null,
      },
    },
    { id: 2, title: 'Weekly plan', url: '/media/files/10/plan.xlsx', file: null },
    { id: 3, title: 'Posture tips', url: 'https://example.com/posture', file: null },
  ],
};
const withoutDocuments: Materials = { courseTitle: 'Strong back', documents: [] };

const spec = {
  machine: materialsMachine,
  spec: 'Learning spec §2 Materials page: the course documents (demo streams per isDemoDocumentsAccessible), the empty text, the load error',
  inputs: [{ streamId: 5 }],
  screen: {
    view: MaterialsView,
    setting: { path: '/course/5/materials', session },
    actions: { 'MATERIALS.RETRY': click('Try again') },
    sees: [
      { see: () => expect(screen.getByRole('heading', { name: 'Materials' })).toBeTruthy() },
      {
        state: 'loading',
        see: () => expect(screen.getByRole('status').textContent).toBe('Loading the materials…'),
      },
      {
        state: 'loaded',
        see: () => {
          expect(screen.getByRole('button', { name: 'Exercise guide' })).toBeTruthy();
          expect(screen.getByRole('button', { name: 'Weekly plan' })).toBeTruthy();
          // Another site's page leaves the app for a new window.
          const link = screen.getByRole('link', { name: 'Posture tips (opens in a new window)' });
          expect(link.getAttribute('target')).toBe('_blank');
          expect(link.getAttribute('rel')).toBe('noopener noreferrer');
          expect(screen.queryByText('It looks like there are no materials here.')).toBeNull();
        },
      },
      {
        state: 'empty',
        see: () => expect(screen.getByText('It looks like there are no materials here.')).toBeTruthy(),
      },
      { state: 'failed', see: () => expect(notice()).toBe('Failed to load the materials.') },
    ],
  },
  events: [
    { type: 'MATERIALS.RETRY' },
    done('loadMaterials', withDocuments),
    done('loadMaterials', withoutDocuments),
    failed('loadMaterials', networkError),
  ],
};

describeModel(spec);

describe('materials', () => {
  it("loads the stream's materials and retries after a failure", async () => {
    const running = startMachine(spec, { streamId: 5 });
    expect(running.fakes.inputOf('loadMaterials')).toEqual({ streamId: 5 });
    await running.dispatch(failed('loadMaterials', networkError));
    expect(running.snapshot().value).toBe('failed');
    await running.dispatch({ type: 'MATERIALS.RETRY' });
    await running.dispatch(done('loadMaterials', withDocuments));
    expect(running.snapshot().value).toBe('loaded');
    expect(running.snapshot().context.documents).toHaveLength(3);
  });
});
