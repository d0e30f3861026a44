import './i18n';
import { expandScreen } from '../common/expandTranslations';
import type { ScreenDefinition } from '../common/screenDefinition';
import { setScreensInUse } from './engine/resource/definitions';

// The unit tests render the built-in screens, as the server sends them when none is published
// (their validators compiled by the test run: vitest.config.ts).
const files = import.meta.glob<ScreenDefinition>('/schemas/*.screen.json', { eager: true, import: 'default' });
setScreensInUse({
  stamp: 0,
  definitions: Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, screen]) => expandScreen(screen)),
  versions: {},
  labels: {},
  validators: '',
});
