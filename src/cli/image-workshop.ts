import { ImageWorkshop } from '../images/workshop.ts';

/**
 * The cores a command's pull and render make image variants on (src/images/workshop.ts): the
 * pull starts on them as its files land, the render goes on with them. None with
 * `--no-image-variants`. What is still running when the command's work ends is finished before
 * it returns, so no variant is left half-written.
 */
export async function withImageWorkshop<T>(
  options: { imageVariants?: boolean },
  work: (workshop: ImageWorkshop | undefined) => Promise<T>,
): Promise<T> {
  const workshop = options.imageVariants === false ? undefined : new ImageWorkshop();
  try {
    return await work(workshop);
  } finally {
    await workshop?.close();
  }
}
