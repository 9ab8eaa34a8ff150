/**
 * A share cards' drawing thread (drawer.ts): sets its priority and builds its fonts once from
 * `workerData`, then draws each card tree it is sent into a PNG, one message per card.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { cardPng, cardSvg } from './draw.ts';
import type { DrawerData, DrawRequest, DrawResponse } from './drawer.ts';
import { CardFonts } from './fonts.ts';

const data = workerData as DrawerData;
// The lowest priority: a card takes a core only when the pull, the render's workers and the image
// variants leave one idle, and so costs a build next to nothing where they do
// (docs/share-cards.md). Linux keeps a priority per thread, so this thread's alone; elsewhere it
// would be the whole process's, so it is left as it is.
if (data.idle && process.platform === 'linux') setPriority(19);
const fonts = new CardFonts(data.fonts.site, data.fonts.lang);
const port = parentPort;
if (!port) throw new Error('src/cards/worker.ts runs as a worker thread');

port.on('message', async ({ id, tree }: DrawRequest) => {
  let response: DrawResponse;
  try {
    response = { id, png: await cardPng(await cardSvg(tree, fonts)) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
