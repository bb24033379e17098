import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClusterNotify } from '../lib/cluster-notify.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { SupportConsole } from './support-console.ts';
import { contextSource } from './support-context.ts';
import { type DeskSignal, DeskEvents } from './support-events.ts';
import { SupportFiguresSource } from './support-figures.ts';
import { SupportLinks } from './support-links.ts';
import type { SupportMail } from './support-mail-repository.ts';
import { SupportMailer } from './support-mailer.ts';
import { supportMailChannel, supportOutbox } from './support-outbox.ts';
import { DeskPresence } from './support-presence.ts';
import { SupportService } from './support-service.ts';
import { TopicStreams } from './support-streams.ts';

/** Everything the desk is made of, built once per app from its configuration. */
export interface SupportDesk {
  service: SupportService;
  console: SupportConsole;
  links: SupportLinks;
  figures: SupportFiguresSource;
  presence: DeskPresence;
  events: DeskEvents;
  mailer: SupportMailer;
  outbox: OutboxWorker<SupportMail> | undefined;
  cluster: ClusterNotify<DeskSignal>;
  visitorStreams: TopicStreams;
  staffStreams: TopicStreams;
  /**
   * The signed-in customer's verified address, where a transcript may go when the conversation
   * has no proven address of its own (docs/decisions.md 72): the signed-in customer's, when
   * their account's address is verified.
   */
  accountAddress(request: FastifyRequest): Promise<string | undefined>;
}

export interface DeskOptions {
  /** Mail outbox tuning (tests make backoff short). */
  outbox?: Partial<OutboxOptions> | undefined;
  replyMailAfterMs: number;
}

export function buildDesk(app: FastifyInstance, options: DeskOptions): SupportDesk {
  const { config } = app;
  const links = new SupportLinks(config.sessionSecret, config.publicUrl);
  const smtpUrl = config.contact.smtpUrl;
  const outbox = smtpUrl
    ? supportOutbox(app.db, [supportMailChannel(smtpUrl, config.support.mailFrom)], app.log, { dialect: app.dialect, clock: app.clock, ...options.outbox })
    : undefined;
  const mailer = new SupportMailer({
    db: app.db,
    dialect: app.dialect,
    outbox,
    links,
    now: app.clock,
    replyMailAfterMs: options.replyMailAfterMs,
    teamAddress: config.contact.emailTo,
  });
  const visitorStreams = new TopicStreams({
    maxPerAddress: config.status.streamsPerAddress,
    maxTotal: config.status.streamsTotal,
    what: 'conversation streams',
  });
  const staffStreams = new TopicStreams({ maxPerAddress: 20, maxTotal: 500, what: 'console streams' });
  const cluster = new ClusterNotify<DeskSignal>({ pool: app.pgPool, channel: 'hostfront_support', log: app.log });
  const presence = new DeskPresence({
    db: app.db,
    instanceId: cluster.instanceId,
    consoles: staffStreams,
    now: app.clock,
    replyMailAfterMs: options.replyMailAfterMs,
  });
  const events = new DeskEvents({ db: app.db, visitors: visitorStreams, staff: staffStreams, cluster, presence: () => presence.current(), log: app.log });
  const figures = new SupportFiguresSource({ db: app.db, now: app.clock, threshold: config.support.figuresThreshold });
  const figuresChanged = () => figures.forget();
  const service = new SupportService({
    db: app.db,
    dialect: app.dialect,
    now: app.clock,
    events,
    mailer,
    status: async () => (await presence.current()).status,
    figuresChanged,
  });
  const desk = new SupportConsole({
    db: app.db,
    dialect: app.dialect,
    now: app.clock,
    audit: app.audit,
    events,
    presence,
    context: contextSource(app),
    figuresChanged,
  });
  return {
    service,
    console: desk,
    links,
    figures,
    presence,
    events,
    mailer,
    outbox,
    cluster,
    visitorStreams,
    staffStreams,
    accountAddress: async (request) => {
      const customer = await app.customers.current(request);
      return customer?.emailVerified ? (customer.email ?? undefined) : undefined;
    },
  };
}
