/**
 * A share cards' drawing thread (drawer.ts): builds its fonts once from `workerData`, then draws
 * each card tree it is sent into a PNG, one message per card.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cardPng, cardSvg } from './draw.ts';
import type { DrawRequest, DrawResponse } from './drawer.ts';
import { type CardFontSource, CardFonts } from './fonts.ts';

const source = workerData as CardFontSource;
const fonts = new CardFonts(source.site, source.lang);
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
