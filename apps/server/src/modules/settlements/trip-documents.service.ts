import { createRequire } from 'node:module';
import path from 'node:path';
import { formatLocalDateTimeMillis, type DelegationFormInput, type SystemSettings } from '@delego/domain';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { companyRepo } from '../company/company.repo.ts';
import type { TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import type { DecisionRow } from '../trip-workflow/trip-workflow.repo.ts';
import type { FileAnswer } from './attachments.service.ts';
import type { SettlementsService } from './settlements.service.ts';
import { settlementsRepo } from './settlements.repo.ts';
import { orderDocument, settlementDocument, type DecisionEntry, type PrintContext } from './trip-pdf.ts';

// pdfmake 0.3 is a CommonJS singleton; its Roboto fonts ship inside the package and cover Polish letters.
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof PdfMake;
const robotoFile = require.resolve('pdfmake/fonts/Roboto.js');
const fontFolder = path.dirname(robotoFile);
pdfmake.setFonts(require(robotoFile) as TFontDictionary);
// Documents are built from our own data only: no remote resources, no files besides the fonts.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontFolder + path.sep));

/** The page dictionary of a PDFKit page, where `/Rotate` lives. */
interface PageWithDictionary {
  width: number;
  height: number;
  dictionary: { data: Record<string, unknown> };
}

/**
 * Renders a document. With `pdf_rotation = rotate270` every landscape page carries `/Rotate 270`
 * (spec §9 "PDF landscape: keep or rotate 270 degrees"), so it prints and files upright.
 */
export async function renderPdf(definition: TDocumentDefinitions, rotation: SystemSettings['pdf_rotation']): Promise<Buffer> {
  const output = pdfmake.createPdf(definition, { bufferPages: true });
  if (rotation === 'rotate270') {
    const document = await output.getStream();
    const range = document.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      const page = document.switchToPage(index) as unknown as PageWithDictionary;
      if (page.width > page.height) page.dictionary.data.Rotate = 270;
    }
  }
  return output.getBuffer();
}

const wall = (date: Date) => formatLocalDateTimeMillis(date.getTime());

function decisionsOf(history: DecisionRow[]): DecisionEntry[] {
  return history.map((decision) => ({
    action: decision.action,
    user_name: `${decision.userName} ${decision.userSurname}`,
    comment: decision.comment,
    created_at: decision.createdAt,
    channel: decision.channel,
  }));
}

function fileNameOf(prefix: string, number: string | null, id: number): string {
  return `${prefix}-${(number ?? String(id)).replace(/[^\p{L}\p{N}._-]+/gu, '_')}.pdf`;
}

/** The printed settlement and order (spec §9 document view and PDF rotation), for whoever may see them. */
export function createTripDocumentsService(deps: { db: Database; clock: Clock; workflow: TripWorkflow; settlements: SettlementsService }) {
  const { db, clock, workflow, settlements } = deps;

  async function printContext(ctx: AuthenticatedContext): Promise<PrintContext> {
    const company = await companyRepo.findById(db, ctx.actor.companyId);
    return { view: ctx.actor.settings.document_view, language: ctx.actor.settings.document_language, companyName: company?.name ?? ctx.actor.companyName, printedAt: wall(clock.now()), wall };
  }

  async function names(companyId: number, refs: { userId: number; costCentreId: number | null; projectId: number | null }) {
    const [employee, centres, projectRows] = await Promise.all([
      settlementsRepo.userWithPosition(db, companyId, refs.userId),
      refs.costCentreId === null ? Promise.resolve([]) : settlementsRepo.costCentres(db, companyId, [refs.costCentreId]),
      refs.projectId === null ? Promise.resolve([]) : settlementsRepo.projects(db, companyId),
    ]);
    const centre = centres[0];
    return {
      employeeName: employee ? `${employee.name} ${employee.surname}` : '',
      employeePosition: employee?.position ?? null,
      costCentre: centre ? [centre.ordinate, centre.name].filter(Boolean).join(' – ') : null,
      project: projectRows.find((project) => project.id === refs.projectId)?.name ?? null,
    };
  }

  return {
    async settlementPdf(ctx: AuthenticatedContext, id: number): Promise<FileAnswer> {
      const loaded = await settlements.documentOf(ctx, id);
      if (!loaded) throw notFoundError();
      const { document, row } = loaded;
      const [context, people] = await Promise.all([printContext(ctx), names(ctx.actor.companyId, { userId: row.userId, costCentreId: row.costCentreId, projectId: row.projectId })]);
      const definition = settlementDocument(
        {
          number: document.number,
          status: document.status,
          ...people,
          orderNumber: document.delegation_order_number,
          settlementDate: row.settlementDate,
          form: document.form as DelegationFormInput,
          calculated: document.calculated,
          decisions: document.decisions.map((decision) => ({ ...decision, created_at: new Date(decision.created_at) })),
        },
        context,
      );
      return { fileName: fileNameOf('rozliczenie', document.number, id), contentType: 'application/pdf', content: await renderPdf(definition, ctx.actor.settings.pdf_rotation) };
    },

    async orderPdf(ctx: AuthenticatedContext, id: number): Promise<FileAnswer> {
      const visible = await workflow.visibleDocument(ctx, 'delegationOrder', id);
      const order = visible ? await settlementsRepo.findOrder(db, ctx.actor.companyId, id) : null;
      if (!visible || !order) throw notFoundError();
      const [context, people, advanceRows, task] = await Promise.all([
        printContext(ctx),
        names(ctx.actor.companyId, { userId: order.userId, costCentreId: order.costCentreId, projectId: order.projectId }),
        settlementsRepo.orderAdvances(db, ctx.actor.companyId, id),
        order.taskId === null ? Promise.resolve(null) : settlementsRepo.task(db, ctx.actor.companyId, order.taskId),
      ]);
      const definition = orderDocument(
        {
          number: order.number,
          status: order.status,
          ...people,
          startDate: wall(order.startDate),
          endDate: wall(order.endDate),
          destinations: order.destinations,
          purpose: task?.namePl ?? order.task,
          description: [task ? order.task : null, order.addDescription].filter(Boolean).join('\n') || null,
          startPlace: order.startPlaceText,
          endPlace: order.endPlaceText,
          allowedTransport: order.allowedTransport,
          estimatedTotalCost: order.estimatedTotalCost,
          settlementDeadline: order.settlementDeadline,
          advances: advanceRows.map((advance) => ({ amount: advance.amountInCurrency, currency: advance.currency, paymentType: advance.paymentType, paymentDate: advance.paymentDate, status: advance.status })),
          decisions: decisionsOf(visible.history),
        },
        context,
      );
      return { fileName: fileNameOf('polecenie-wyjazdu', order.number, id), contentType: 'application/pdf', content: await renderPdf(definition, ctx.actor.settings.pdf_rotation) };
    },
  };
}

export type TripDocumentsService = ReturnType<typeof createTripDocumentsService>;
