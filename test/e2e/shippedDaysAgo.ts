/**
 * An order shipped days ago, posted to example 1 again (in the real n8n server): Create finds its AWB among the days
 * before yesterday, which n8n reads once per process, day and login, not once per execution.
 */
import type { SandboxControl } from '../../sandbox';
import type { Launched } from '../../scripts/lib/launcher';
import { assert, check } from './checks';
import { sendShopOrder, shopOrder } from './shopOrder';

const DAY_MS = 86_400_000;
const SANDBOX_CLIENT = 70001;

/** How many days a listing of AWBs by date covers (its FromDate and ToDate, MM-dd-yyyy, both included). */
function daysListed(query: Record<string, unknown>): number {
	const day = (text: unknown) => Date.UTC(Number(String(text).slice(6, 10)), Number(String(text).slice(0, 2)) - 1, Number(String(text).slice(3, 5)));
	return Math.round((day(query.ToDate) - day(query.FromDate)) / DAY_MS) + 1;
}

export async function shippedDaysAgoCheck(live: Launched, control: SandboxControl): Promise<void> {
	await check('an order shipped 3 to 5 days ago, posted to example 1 twice: its AWB both times, nothing made, the days before yesterday read at most once', async () => {
		// Days old on both clocks (the sandbox's may run behind n8n's), well inside the days before yesterday.
		const youngest = Math.min(Date.parse((await control.clock()).now), Date.now()) - 3 * DAY_MS;
		const oldest = Math.max(Date.parse((await control.clock()).now), Date.now()) - 5 * DAY_MS;
		const shipments = await control.shipments();
		const carrying = (reference: string) => shipments.filter((s) => s.orderReference === reference).length;
		const shipped = shipments.find((s) => s.clientId === SANDBOX_CLIENT && s.orderReference !== '' && carrying(s.orderReference) === 1 && Date.parse(s.createdAt) < youngest && Date.parse(s.createdAt) > oldest);
		assert(shipped, 'the sandbox holds no AWB of the account made 3 to 5 days ago with an order reference');
		await control.clearRequests();
		for (const delivery of ['first', 'second']) {
			const { text, answer } = await sendShopOrder(live, shopOrder({ orderNumber: shipped.orderReference }));
			assert(answer.barcode === shipped.barcode && answer.alreadyCreated === true, `the ${delivery} delivery of ${shipped.orderReference} answered ${text.slice(0, 300)}, not AWB ${shipped.barcode}`);
		}
		const created = (await control.requests('createAwb')).length;
		assert(created === 0, `${created} createAwb requests`);
		const listings = (await control.requests('awbsByDate')).filter((request) => request.status < 300 && String(request.query.pageNumber) === '1').map((request) => daysListed(request.query));
		const settled = listings.filter((days) => days > 2).length;
		// Read once per execution, it would be read twice; once at most (none when an earlier execution read them with this token).
		assert(settled <= 1, `the days before yesterday were read ${settled} times for 2 executions`);
		const reread = (await control.requests('getAwb')).filter((request) => request.query.barCode === shipped.barcode).length;
		assert(reread === 2, `the AWB was read again by barcode ${reread} times for 2 executions`);
		return `${shipped.orderReference}: AWB ${shipped.barcode} of ${shipped.createdAt.slice(0, 10)} both times (alreadyCreated), no createAwb; listings of yesterday and today: ${listings.length - settled}, of the days before: ${settled}; the AWB read again by barcode: ${reread}`;
	});
}
