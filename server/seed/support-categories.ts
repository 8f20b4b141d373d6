import type { Db } from '../db/client';
import { type CategoryTitle, supportCategories } from '../db/schema';

/**
 * The demo support topics. Ids 3, 6, 7 and 10 are the ones the bundled brands name in
 * `supportCategoryIds` (homework, course renewal, consultation renewal), so the one-tap renewal
 * works against the demo data; the others are general topics.
 */
const DEMO_CATEGORIES: { id: number; title: CategoryTitle }[] = [
  { id: 1, title: { en: 'Technical problem', ru: 'Техническая проблема', es: 'Problema técnico' } },
  { id: 2, title: { en: 'Payment', ru: 'Оплата', es: 'Pago' } },
  { id: 3, title: { en: 'Homework review', ru: 'Проверка домашнего задания', es: 'Revisión de tareas' } },
  { id: 4, title: { en: 'Course content', ru: 'Содержание курса', es: 'Contenido del curso' } },
  { id: 5, title: { en: 'Account and sign-in', ru: 'Аккаунт и вход', es: 'Cuenta e inicio de sesión' } },
  { id: 6, title: { en: 'Course renewal', ru: 'Продление курса', es: 'Renovación del curso' } },
  {
    id: 7,
    title: {
      en: 'Renewal of access or consultations',
      ru: 'Продление доступа или консультаций',
      es: 'Renovación de acceso o consultas',
    },
  },
  { id: 10, title: { en: 'Homework submission', ru: 'Сдача домашнего задания', es: 'Entrega de tareas' } },
];

export async function seedSupportCategories(db: Pick<Db, 'insert'>): Promise<void> {
  await db
    .insert(supportCategories)
    .values(DEMO_CATEGORIES.map((category, index) => ({ ...category, sort: index + 1 })));
}
