import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDefaultFormState, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from '../../../common/validation';
import { isApiError } from '../api/ApiError';
import type { NewFiles } from '../api/formData';
import type { FileProgress } from '../api/upload';
import { queryKeys } from '../api/queryKeys';
import { recordQuery } from '../api/recordQuery';
import { resourceApi, type ApiRecord, type SaveOptions } from '../api/resourceApi';
import { sameData } from './sameData';
import { formValidatorFor } from './validator';
import { clearEditedErrors, fieldOrder, firstErrorLocation, formTabs, toErrorSchema, type ErrorLocation } from './errorRouting';

export interface FormControllerOptions {
  api: string;
  /** Route id; undefined creates a new record. */
  id: string | undefined;
  /**
   * Query parameters of the record's read (`{ lang: 'fr' }`: a reporter's texts in one language).
   * When they change, the record is read again and replaces the form's data.
   */
  recordParams?: Record<string, unknown> | undefined;
  /** The form of a new record (a reporter's date today, status 1): its starting data, not an unsaved change. */
  defaults?: Record<string, unknown> | undefined;
  /**
   * The form's JSON Schema: a new record starts with what the form itself fills in (a `default`
   * colour, the empty object of a translatable field), so that an untouched create form has no
   * unsaved change.
   */
  schema?: RJSFSchema | undefined;
  schemaProperties: string[];
  uiSchema?: UiSchema | undefined;
  /** Called after a successful save with the saved record and whether it was created. */
  onSaved?: (record: ApiRecord, created: boolean) => void;
  /** Update method (`form.method`): `put` sends updates with PUT. */
  method?: 'post' | 'put' | undefined;
  /** Saves as multipart form data (`form.multipart`), with the new files of `fileFields`. */
  multipart?: boolean | undefined;
  /**
   * Sends a save in the screen's own way (a bespoke screen's payload, field names or file order),
   * usually through `resourceApi.save` too, with the new files of the `fileList` fields and their
   * progress (`upload`); it throws ApiError like the data client does.
   */
  send?: ((data: Record<string, unknown>, id: string | undefined, upload: SendUpload) => Promise<{ message?: string; data: ApiRecord }>) | undefined;
  /** Shapes a record as the form edits it (loaded and saved records alike), e.g. dropping nulls. */
  normalize?: ((record: ApiRecord) => ApiRecord) | undefined;
}

/**
 * What a screen's own `send` gets beside the data: the new files of the `fileList` fields, where
 * their upload progress goes, and the record as last loaded or saved (`initial`), to send only
 * what changed.
 */
interface SendUpload {
  files: NewFiles;
  onProgress(progress: FileProgress): void;
  initial: Readonly<Record<string, unknown>>;
}

export interface FormController {
  /** The resource's endpoint under admin/ (`users`), as the options gave it. */
  api: string;
  mode: 'create' | 'edit';
  formData: Record<string, unknown>;
  setFormData(next: Record<string, unknown>): void;
  /** The record as last loaded or saved (normalized): what `dirty` compares the form with. */
  initial: Readonly<Record<string, unknown>>;
  loading: boolean;
  /** The record could not be loaded (404 or network); the view says so instead of an empty form. */
  loadError: unknown;
  saving: boolean;
  dirty: boolean;
  /** Server errors by dotted key, and as the RJSF error schema. */
  errors: FieldErrors;
  errorSchema: ErrorSchema;
  /** Where the first error is, for the view to switch tab and locale. Changes on every failed save. */
  firstError: (ErrorLocation & { attempt: number }) | undefined;
  /** Reports client-side validation errors (same dotted keys) so the view jumps to them too. */
  reportClientErrors(errors: FieldErrors): void;
  save(data?: Record<string, unknown>): Promise<boolean>;
  /** New files chosen in the file fields, sent with the next (multipart) save. */
  files: Readonly<Record<string, File | undefined>>;
  setFile(field: string, file: File | undefined): void;
  /**
   * New files of the `fileList` fields by multipart name (several per field), sent with the next
   * multipart save, which reports their upload progress (`progress`, while it runs).
   */
  fileLists: NewFiles;
  setFileList(name: string, files: File[]): void;
  progress: FileProgress | undefined;
  /**
   * Applies a change the server already stored (a file deleted through its own endpoint): to the
   * form and to the saved state, so it does not count as an unsaved change.
   */
  applyStored(patch: Record<string, unknown>): void;
  /**
   * Shows the record as the query holds it (just read again: a restore from its history) in place
   * of the form's data, its unsaved changes, new files and errors included, even when the server's
   * answer is the same as the copy in hand.
   */
  showStored(): void;
}

/**
 * Headless form state: loads the record (edit) or starts empty (create), tracks changes,
 * saves, and turns a 422 into field errors with the location of the first one.
 */
export function useFormController({
  api,
  id,
  recordParams,
  defaults,
  schema,
  schemaProperties,
  uiSchema,
  onSaved,
  method,
  multipart,
  send,
  normalize,
}: FormControllerOptions): FormController {
  const queryClient = useQueryClient();
  const record = useQuery({ ...recordQuery(api, id ?? 'new', recordParams), enabled: id !== undefined });
  const [starting] = useState(() => (id === undefined ? startingData(schema, defaults) : {}));
  const [initial, setInitial] = useState<Record<string, unknown>>(starting);
  const [formData, setFormDataState] = useState<Record<string, unknown>>(starting);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [firstError, setFirstError] = useState<FormController['firstError']>(undefined);
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [fileLists, setFileLists] = useState<Record<string, File[]>>({});
  const [progress, setProgress] = useState<FileProgress | undefined>(undefined);
  const fileFields = useMemo(() => fileFieldsOf(uiSchema), [uiSchema]);

  // A (re)loaded record replaces the form's data.
  const [loaded, setLoaded] = useState<ApiRecord | undefined>(undefined);
  if (record.data && record.data !== loaded) {
    const shaped = normalize ? normalize(record.data) : record.data;
    setLoaded(record.data);
    setInitial(shaped);
    setFormDataState(shaped);
  }

  const order = useMemo(() => fieldOrder(schemaProperties, uiSchema), [schemaProperties, uiSchema]);
  const tabs = useMemo(() => formTabs(uiSchema), [uiSchema]);

  const locate = useCallback(
    (next: FieldErrors) => {
      const location = firstErrorLocation(next, order, tabs);
      setAttempt((n) => n + 1);
      setFirstError(location ? { ...location, attempt: attempt + 1 } : undefined);
    },
    [order, tabs, attempt],
  );

  const hasListFiles = Object.values(fileLists).some((list) => list.length > 0);
  const mutation = useMutation({
    mutationFn: (data: Record<string, unknown>) => {
      if (send) return send(data, id, { files: fileLists, onProgress: setProgress, initial });
      const options: SaveOptions = {
        method: method ?? 'post',
        // Progress is shown by the fileList fields only: without their files, no need to send with XMLHttpRequest.
        ...(multipart
          ? { multipart: true, fileFields, files: { ...newFilesOf(fileFields, files), ...fileLists }, ...(hasListFiles ? { onProgress: setProgress } : {}) }
          : {}),
      };
      return resourceApi.save(api, id, data, options);
    },
    onError: () => setProgress(undefined),
  });

  const save = useCallback(
    async (data: Record<string, unknown> = formData) => {
      setErrors({});
      try {
        const result = await mutation.mutateAsync(data);
        await queryClient.invalidateQueries({ queryKey: queryKeys.resource(api) });
        const returned = result.data ?? ({ ...data, id: Number(id) } as ApiRecord);
        const saved = normalize ? normalize(returned) : returned;
        // Flushed so the unsaved-changes guard sees a clean form before onSaved navigates away.
        flushSync(() => {
          setInitial(saved);
          setFormDataState(saved);
          setFiles({});
          setFileLists({});
          setProgress(undefined);
        });
        onSaved?.(saved, id === undefined);
        return true;
      } catch (error) {
        // 422, and 413 for a file over its limit, carry field errors.
        if (isApiError(error) && (error.status === 422 || error.status === 413) && Object.keys(error.errors).length > 0) {
          setErrors(error.errors);
          locate(error.errors);
        }
        return false;
      }
    },
    [api, id, formData, mutation, queryClient, onSaved, locate, normalize],
  );

  const setFile = useCallback((field: string, file: File | undefined) => {
    setFiles((current) => ({ ...current, [field]: file }));
    setErrors((current) => (current[field] ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)) : current));
  }, []);
  const setFileList = useCallback((name: string, list: File[]) => setFileLists((current) => ({ ...current, [name]: list })), []);
  const applyStored = useCallback((patch: Record<string, unknown>) => {
    setInitial((current) => ({ ...current, ...patch }));
    setFormDataState((current) => ({ ...current, ...patch }));
  }, []);

  const showStored = useCallback(() => {
    setErrors({});
    setFiles({});
    setFileLists({});
    // The next render takes the query's record again (`record.data !== loaded`).
    setLoaded(undefined);
  }, []);

  const changed = useMemo(() => !sameData(formData, initial), [formData, initial]);

  return {
    api,
    mode: id === undefined ? 'create' : 'edit',
    formData,
    initial,
    setFormData: (next) => {
      setErrors((current) => clearEditedErrors(current, formData, next));
      setFormDataState(next);
    },
    loading: id !== undefined && record.isLoading,
    loadError: record.error,
    saving: mutation.isPending,
    dirty: changed || Object.values(files).some(Boolean) || hasListFiles,
    errors,
    errorSchema: useMemo(() => toErrorSchema(errors), [errors]),
    firstError,
    reportClientErrors: locate,
    save,
    files,
    setFile,
    fileLists,
    setFileList,
    progress,
    applyStored,
    showStored,
  };
}

/**
 * A new record's starting data: the screen's own defaults with what the form fills in from its
 * schema, computed the way RJSF does it when it renders (so its first change event is no change).
 */
function startingData(schema: RJSFSchema | undefined, defaults: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!schema) return defaults ?? {};
  return getDefaultFormState(formValidatorFor(schema), schema, defaults ?? {}, schema) as Record<string, unknown>;
}

/** The new file of each file field, by its name (a field without one sends none). */
function newFilesOf(fileFields: readonly string[], files: Readonly<Record<string, File | undefined>>): NewFiles {
  return Object.fromEntries(
    fileFields.map((field) => {
      const file = files[field];
      return [field, file ? [file] : []];
    }),
  );
}

/** Top-level fields edited with the `fileUpload` widget: their value is sent as a file. */
export function fileFieldsOf(uiSchema: UiSchema | undefined): string[] {
  return Object.entries(uiSchema ?? {})
    .filter(([key, value]) => !key.startsWith('ui:') && (value as UiSchema | undefined)?.['ui:widget'] === 'fileUpload')
    .map(([key]) => key);
}
