import type { PlatformClient } from '../api/client.ts';
import type { Manifest } from '../snapshot/format.ts';

/**
 * The spaces whose content moved on since the snapshot. Revisions are immutable, so a space's
 * `revision` field is the cheapest signal: one `GET /spaces/{id}` per space (or one
 * `GET …/change-requests/{id}` for the space a change request stands in for), never a page.
 */
export async function changedSpaces(client: PlatformClient, manifest: Manifest): Promise<string[]> {
  const checks = manifest.spaces.map(async (entry) => {
    const current = entry.changeRequest
      ? (
          await client.request('getChangeRequest', {
            spaceId: entry.spaceId,
            changeRequestId: entry.changeRequest.id,
          })
        ).revision
      : (await client.request('getSpace', { spaceId: entry.spaceId })).revision;
    return current === entry.revision ? undefined : entry.spaceId;
  });
  return (await Promise.all(checks)).filter((id): id is string => id !== undefined);
}
