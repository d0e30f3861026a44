import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkBody, BulkJobAnswer, BulkResult, BulkRowAnswer } from '../../api/bulkApi';
import { bulkApi } from '../../api/bulkApi';
import { queryKeys } from '../../api/queryKeys';

/** How often a running job's progress is read. */
const JOB_POLL_MS = 1000;

/** Where a bulk action stands once asked: running (with its progress when it runs as a job), or ended with its outcome. */
export type BulkProgress =
  | { phase: 'idle' }
  | { phase: 'running'; total: number | undefined; handled: number }
  | { phase: 'ended'; message: string; total: number; done: number; refused: BulkRowAnswer[]; stopped: string | null };

const ended = (message: string, result: Pick<BulkResult, 'total' | 'done'> & { rows: BulkRowAnswer[] }, stopped: string | null = null): BulkProgress => ({
  phase: 'ended',
  message,
  total: result.total,
  done: result.done,
  refused: result.rows.filter((row) => !row.done),
  stopped,
});

const jobMessage = (job: BulkJobAnswer) => `${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')} rows done${job.refused ? `; ${job.refused.toLocaleString('en')} refused` : ''}.`;

/**
 * One bulk action of a list (headless): `run` sends it; a small one answers at once, a large one
 * runs as a job whose progress is read every second until it ends. Once ended, the list's pages
 * are read again (rows changed or deleted).
 */
export function useBulkAction(api: string) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | undefined>(undefined);
  const [progress, setProgress] = useState<BulkProgress>({ phase: 'idle' });
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: queryKeys.resource(api) });
  const job = useQuery({
    queryKey: queryKeys.bulkJob(jobId ?? 0),
    enabled: jobId !== undefined,
    queryFn: async ({ signal }) => {
      const read = await bulkApi.job(jobId!, signal);
      // Ended: the rows it changed or deleted are read again.
      if (read.state !== 'running') refreshList();
      return read;
    },
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'running' ? false : JOB_POLL_MS),
  });

  const send = useMutation({
    mutationFn: (body: BulkBody) => bulkApi.run(api, body),
    onMutate: () => setProgress({ phase: 'running', total: undefined, handled: 0 }),
    onSuccess: (answer) => {
      if ('job' in answer.data) {
        setJobId(answer.data.job.id);
        setProgress({ phase: 'running', total: answer.data.job.total, handled: 0 });
        return;
      }
      setProgress(ended(answer.message, answer.data));
      refreshList();
    },
    // The refusal (422, 403) is said by the call's toast; the dialog goes back to its question.
    onError: () => setProgress({ phase: 'idle' }),
  });

  // A job's progress is what its last reading says.
  const read = jobId !== undefined ? job.data : undefined;
  const shown: BulkProgress = !read
    ? progress
    : read.state === 'running'
      ? { phase: 'running', total: read.total, handled: read.done + read.refused }
      : ended(jobMessage(read), { total: read.total, done: read.done, rows: read.rows }, read.state === 'finished' ? null : read.message);
  return { progress: shown, run: (body: BulkBody) => send.mutate(body) };
}
