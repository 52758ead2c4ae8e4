import { idField, imageDocumentSchema, mediaAnswerSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageUrl, loadImage, storeImage } from '../../modules/images/images.ts';

const idParams = z.object({ id: idField });
const uploadBody = z.object({
  data: z.object({
    type: z.literal('image'),
    attributes: z.object({
      title: z.string().trim().max(255).default('image'),
      data: z.string({ error: 'Avatar is required!' }).min(1, 'Avatar is required!'),
    }),
  }),
});

/** Avatars (docs/product.md §C7 POST /image/upload): stored in the database, served with their sniffed type. */
const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/image/upload',
    {
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags: ['image'],
        summary: 'Upload an avatar image (PNG, JPEG or GIF, at most 2 MB)',
        body: uploadBody,
        response: { 201: imageDocumentSchema },
      },
    },
    async (request, reply) => {
      app.requireActor(request);
      const image = await storeImage(app.db, request.body.data.attributes);
      const url = imageUrl(image.id);
      // The spec's client reads data.url; attributes carry it too for JSON:API readers.
      return reply.status(201).send({
        data: { type: 'image', id: String(image.id), url, attributes: { title: image.title, url } },
      });
    },
  );

  app.get(
    '/image/:id',
    {
      schema: {
        tags: ['image'],
        summary: 'An uploaded image',
        params: idParams,
        response: {
          200: mediaAnswerSchema({ mediaType: 'image/*', binary: true, description: "The image's bytes" }),
        },
      },
    },
    async (request, reply) => {
      app.requireActor(request);
      const image = await loadImage(app.db, request.params.id);
      return reply
        .header('content-type', image.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(image.bytes as never);
    },
  );
};

export default imageRoutes;
