// The UI strings live in ./i18n/, one module per locale; this keeps the old import path.
export { englishStrings, stringsFor } from './i18n/index.ts';
