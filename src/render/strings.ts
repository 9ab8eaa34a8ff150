import type { UiStrings } from './view.ts';

/** English UI strings; the theme issue adds the other locales. */
export const englishStrings: UiStrings = {
  onThisPage: 'On this page',
  previous: 'Previous',
  next: 'Next',
  skipToContent: 'Skip to content',
  menu: 'Menu',
  variant: 'Version',
  breadcrumbs: 'Breadcrumbs',
  sections: 'Sections',
  copy: 'Copy',
  copied: 'Copied',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  backHome: 'Back to the home page',
  lastUpdated: 'Last updated',
  previewOf: 'Preview of change request',
  externalLink: '(opens another site)',
};
