import * as v from 'valibot';
import { clientErrors } from '../../db/schema';
import { limitedPerAddress } from '../../http/address-limit';
import { plainText } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';

const ClientErrorBody = v.object({
  name: plainText(1, 200),
  message: plainText(1, 2000),
  // A browser's error may have no stack: JSON.stringify then sends null.
  stack: v.optional(v.nullable(plainText(0, 8000))),
  href: plainText(1, 2000),
});

const MAX_USER_AGENT = 500;

/** Errors the app reports from learners' browsers, signed in or not. */
export const clientErrorsModule: ApiModule = {
  tag: 'client-errors',
  description: "Error reports from the app running in learners' browsers.",
  routes: [
    route({
      method: 'post',
      path: '/client-errors',
      summary: 'Report an error the app ran into',
      description:
        'A valid session links the report to its user; without one (or with an ended one) it is stored anonymously.',
      access: 'optional-session',
      precondition: limitedPerAddress((services) => services.clientErrorLimit),
      body: ClientErrorBody,
      answer: dataAnswer(v.object({ id: v.number() }), 201),
      refusals: [429],
      async handle(c, { body, auth }, { db }) {
        const [row] = await db
          .insert(clientErrors)
          .values({
            userId: auth?.user.id ?? null,
            brandId: c.get('brand').id,
            name: body.name,
            message: body.message,
            stack: body.stack ?? null,
            href: body.href,
            userAgent: c.req.header('user-agent')?.slice(0, MAX_USER_AGENT) ?? null,
          })
          .returning({ id: clientErrors.id });
        return sendData(c, { id: row?.id }, 201);
      },
    }),
  ],
};
