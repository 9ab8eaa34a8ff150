/**
 * The workshop that the pull and the render share: offers take only idle cores and are dropped
 * when the pull is done, asked work is never dropped and never runs beside other work on the
 * same image. Driven by work that ends when the test says, so nothing here depends on timing.
 */
import { describe, expect, it } from 'vitest';
import { ImageWorkshop } from '../../src/images/workshop.ts';

/** Work that records its start and ends when `finish` is called. */
function held(log: string[], name: string) {
  let finish = () => {};
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      await ended;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

/** Lets every promise callback queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the image workshop', () => {
  it('starts offers on idle cores only, one image a core', async () => {
    const workshop = new ImageWorkshop(2);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => held(log, name));
    workshop.offer('a', a?.work as () => Promise<void>);
    workshop.offer('b', b?.work as () => Promise<void>);
    workshop.offer('c', c?.work as () => Promise<void>);
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    a?.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end a', 'start c']);
    b?.finish();
    c?.finish();
    await workshop.close();
  });

  it('lets asked work go before offers waiting for a core', async () => {
    const workshop = new ImageWorkshop(1);
    const log: string[] = [];
    const first = held(log, 'offer 1');
    workshop.offer('one', first.work);
    workshop.offer('two', async () => {
      log.push('offer 2');
    });
    await settle();
    const asked = workshop.run('three', async () => {
      log.push('asked');
    });
    first.finish();
    await asked;
    await workshop.idle('two');
    await settle();
    expect(log).toEqual(['start offer 1', 'end offer 1', 'asked', 'offer 2']);
    await workshop.close();
  });

  it('drops the offers not started once the pull is done', async () => {
    const workshop = new ImageWorkshop(1);
    const log: string[] = [];
    const first = held(log, 'offer 1');
    workshop.offer('one', first.work);
    workshop.offer('two', held(log, 'offer 2').work);
    await settle();
    expect(workshop.dropOffers()).toBe(1);
    first.finish();
    await workshop.close();
    expect(log).toEqual(['start offer 1', 'end offer 1']);
  });

  it('never works on one image twice at once: asked work waits for the offer running on it', async () => {
    const workshop = new ImageWorkshop(4);
    const log: string[] = [];
    const offer = held(log, 'offer');
    workshop.offer('same', offer.work);
    await settle();
    const asked = workshop.run('same', async () => {
      log.push('asked');
    });
    let idle = false;
    const waiting = workshop.idle('same').then(() => {
      idle = true;
    });
    await settle();
    expect(log).toEqual(['start offer']);
    expect(idle).toBe(false);
    offer.finish();
    await asked;
    await waiting;
    expect(log).toEqual(['start offer', 'end offer', 'asked']);
    expect(idle).toBe(true);
    await workshop.close();
  });

  it('does not offer what is already being made', async () => {
    const workshop = new ImageWorkshop(2);
    const log: string[] = [];
    const running = held(log, 'first');
    workshop.offer('same', running.work);
    await settle();
    workshop.offer('same', held(log, 'second').work);
    await settle();
    running.finish();
    await workshop.idle('same');
    await settle();
    expect(log).toEqual(['start first', 'end first']);
    await workshop.close();
  });

  it('on close, rejects asked work not started and waits for what runs', async () => {
    const workshop = new ImageWorkshop(1);
    const log: string[] = [];
    const running = held(log, 'running');
    const first = workshop.run('a', running.work);
    const queued = workshop.run('b', async () => {
      log.push('queued ran');
    });
    await settle();
    const closing = workshop.close();
    await expect(queued).rejects.toThrow();
    running.finish();
    await closing;
    await first;
    expect(log).toEqual(['start running', 'end running']);
  });
});
