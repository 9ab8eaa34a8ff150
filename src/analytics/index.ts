export { AnalyticsConfig, safeUrl } from './config.ts';
export { type IssueHost, type IssueTarget, issueTarget, newIssueUrl } from './issues.ts';
export {
  type AnalyticsSettings,
  type AnalyticsSetup,
  type AnalyticsView,
  analyticsSetup,
  type ProviderScript,
  type ProviderSources,
} from './providers.ts';
