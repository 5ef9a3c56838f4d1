import { insertRows } from '../insert.ts';
import { rng } from '../rng.ts';
import type { SeedStep } from '../seed.ts';

type Row = Record<string, unknown>;
const T1 = 1;
const T2 = 2;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Storage type, endpoint, domain, region. */
const STORAGES: Array<[string, string, string, string]> = [
  ['ALIYUN', 'oss-cn-shanghai.aliyuncs.com', 'files.demo-mfg.example.com', 'cn-shanghai'], ['ALIYUN', 'oss-cn-hangzhou.aliyuncs.com', 'static.demo-mfg.example.com', 'cn-hangzhou'],
  ['ALIYUN', 'oss-cn-shenzhen.aliyuncs.com', 'sz-files.demo-mfg.example.com', 'cn-shenzhen'], ['HUAWEI', 'obs.cn-north-4.myhuaweicloud.com', 'obs.demo-mfg.example.com', 'cn-north-4'],
  ['HUAWEI', 'obs.cn-east-3.myhuaweicloud.com', 'obs-sh.demo-mfg.example.com', 'cn-east-3'], ['QCLOUD', 'cos.ap-shanghai.myqcloud.com', 'cos.demo-mfg.example.com', 'ap-shanghai'],
  ['QCLOUD', 'cos.ap-guangzhou.myqcloud.com', 'cos-gz.demo-mfg.example.com', 'ap-guangzhou'], ['MINIO', 'http://minio.sh.demo-mfg.example.com:9000', 'minio.demo-mfg.example.com', 'sh-idc'],
  ['MINIO', 'http://minio.sz.demo-mfg.example.com:9000', 'minio-sz.demo-mfg.example.com', 'sz-idc'], ['QINIU', 'up-z0.qiniup.com', 'cdn.demo-mfg.example.com', 'z0'],
  ['BAIDU', 'su.bcebos.com', 'bos.demo-mfg.example.com', 'su'], ['AWS', 's3.ap-southeast-1.amazonaws.com', 'global-files.demo-mfg.example.com', 'ap-southeast-1'],
  ['AWS', 's3.eu-central-1.amazonaws.com', 'eu-files.demo-mfg.example.com', 'eu-central-1'], ['CEPH', 'http://ceph-rgw.demo-mfg.example.com:7480', 'ceph.demo-mfg.example.com', 'dc1'],
  ['LOCAL', '/data/hfile', 'localhost', 'local'],
];
const USES: Array<[string, string]> = [['', ''], ['-ARCHIVE', '归档']];

/** Buckets the modules upload to: bucket, directory, formats, MIME types, size, unit. */
const UPLOADS: Array<[string, string, string, string, number, string]> = [
  ['attachments', 'attachments', 'pdf,doc,docx,xls,xlsx,ppt,pptx,txt,zip,rar,jpg,jpeg,png', '', 20, 'MB'],
  ['hiam', 'avatar', 'jpg,jpeg,png,gif', 'image/jpeg,image/png,image/gif', 2, 'MB'],
  ['spfm', 'certification', 'pdf,jpg,jpeg,png', 'application/pdf,image/jpeg,image/png', 10, 'MB'],
  ['spfm', 'business-license', 'pdf,jpg,jpeg,png', 'application/pdf,image/jpeg,image/png', 10, 'MB'],
  ['spfm', 'bank-account', 'pdf,jpg,png', 'application/pdf,image/jpeg,image/png', 5, 'MB'],
  ['sslm', 'evaluation', 'pdf,doc,docx,xls,xlsx', '', 20, 'MB'], ['sslm', 'audit-report', 'pdf,doc,docx', '', 30, 'MB'], ['sslm', 'eight-d', 'pdf,doc,docx,xls,xlsx,jpg,png', '', 20, 'MB'],
  ['ssrc', 'rfx', 'pdf,doc,docx,xls,xlsx,zip', '', 50, 'MB'], ['ssrc', 'quotation', 'pdf,xls,xlsx,zip', '', 50, 'MB'], ['ssrc', 'technical-bid', 'pdf,doc,docx,zip,rar', '', 200, 'MB'],
  ['ssrc', 'commercial-bid', 'pdf,xls,xlsx', '', 50, 'MB'], ['tender', 'tender-doc', 'pdf,doc,docx,zip', '', 100, 'MB'], ['tender', 'clarify-letter', 'pdf,doc,docx', '', 20, 'MB'],
  ['tender', 'expert-score', 'pdf,xls,xlsx', '', 10, 'MB'], ['sodr', 'po', 'pdf,xls,xlsx', '', 20, 'MB'], ['sodr', 'delivery', 'pdf,jpg,png', '', 10, 'MB'],
  ['sodr', 'invoice', 'pdf,ofd,xml,jpg,png', 'application/pdf,application/ofd,text/xml,image/jpeg,image/png', 10, 'MB'], ['scm', 'contract', 'pdf,doc,docx', '', 50, 'MB'],
  ['scm', 'signed-contract', 'pdf,ofd', 'application/pdf,application/ofd', 50, 'MB'], ['sprm', 'requisition', 'pdf,doc,docx,xls,xlsx', '', 20, 'MB'],
  ['smdm', 'item-drawing', 'pdf,dwg,dxf,step,stp,jpg,png', '', 100, 'MB'], ['smdm', 'item-spec', 'pdf,doc,docx', '', 20, 'MB'], ['himp', 'import', 'xls,xlsx,csv', 'application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv', 10, 'MB'],
  ['hrpt', 'report-template', 'xls,xlsx,docx,rtf', '', 10, 'MB'], ['hmsg', 'email-attachment', 'pdf,jpg,png,zip', '', 10, 'MB'], ['hpfm', 'static', 'jpg,jpeg,png,svg,ico,css', '', 500, 'KB'],
];

/** File name, MIME type, size range (bytes), bucket, directory. */
const FILES: Array<[string, string, number, string, string]> = [
  ['营业执照.pdf', 'application/pdf', 820_000, 'spfm', 'business-license'], ['ISO9001质量体系认证证书.pdf', 'application/pdf', 1_240_000, 'spfm', 'certification'],
  ['开户许可证.jpg', 'image/jpeg', 410_000, 'spfm', 'bank-account'], ['2026年度框架采购合同.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 356_000, 'scm', 'contract'],
  ['框架合同-签章版.pdf', 'application/pdf', 2_480_000, 'scm', 'signed-contract'], ['RFQ-2026-0031 技术规格书.pdf', 'application/pdf', 3_150_000, 'ssrc', 'rfx'],
  ['报价明细表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 88_000, 'ssrc', 'quotation'], ['技术标.zip', 'application/zip', 18_400_000, 'ssrc', 'technical-bid'],
  ['商务标.pdf', 'application/pdf', 1_020_000, 'ssrc', 'commercial-bid'], ['招标文件 TB-2026-014.pdf', 'application/pdf', 5_600_000, 'tender', 'tender-doc'],
  ['澄清函（第1号）.pdf', 'application/pdf', 240_000, 'tender', 'clarify-letter'], ['专家评分汇总.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 64_000, 'tender', 'expert-score'],
  ['PO-2026-000123.pdf', 'application/pdf', 180_000, 'sodr', 'po'], ['送货单签收照片.jpg', 'image/jpeg', 2_100_000, 'sodr', 'delivery'], ['增值税专用发票.ofd', 'application/ofd', 95_000, 'sodr', 'invoice'],
  ['电子发票.xml', 'text/xml', 12_000, 'sodr', 'invoice'], ['采购申请附件-设备清单.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 45_000, 'sprm', 'requisition'],
  ['轴承6205外形图.dwg', 'application/acad', 730_000, 'smdm', 'item-drawing'], ['液压阀块三维模型.step', 'application/step', 9_800_000, 'smdm', 'item-drawing'],
  ['物料技术规范-传感器.pdf', 'application/pdf', 640_000, 'smdm', 'item-spec'], ['供应商年度评价表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 71_000, 'sslm', 'evaluation'],
  ['现场审核报告.pdf', 'application/pdf', 1_900_000, 'sslm', 'audit-report'], ['8D报告-Q2026-017.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 215_000, 'sslm', 'eight-d'],
  ['物料导入模板.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 23_000, 'himp', 'import'], ['供应商导入-2026Q1.csv', 'text/csv', 48_000, 'himp', 'import'],
  ['采购月报模板.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 39_000, 'hrpt', 'report-template'], ['logo.png', 'image/png', 18_000, 'hpfm', 'static'],
  ['avatar-bella.png', 'image/png', 96_000, 'hiam', 'avatar'], ['会议纪要.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 41_000, 'attachments', 'attachments'],
  ['产品照片.png', 'image/png', 1_350_000, 'attachments', 'attachments'], ['检测报告.pdf', 'application/pdf', 760_000, 'attachments', 'attachments'],
];

/** File storage and upload settings, and the metadata of files uploaded before (their bytes are not part of the demo). */
export const step: SeedStep = {
  version: 'seed:hfile-storage:v1',
  async run(tx) {
    const storages: Row[] = [];
    USES.forEach(([suffix, label], ui) => {
      STORAGES.forEach(([type, endPoint, domain, region], i) => {
        if (ui === 1 && i >= 12) return;
        storages.push({
          storageCode: `${type}-${region.toUpperCase()}${suffix}`, storageTypeCode: type, endPoint, domain: ui ? domain.replace(/^([^.]+)/, '$1-archive') : domain, region,
          bucketPrefix: ui ? 'demo-archive' : 'demo-mfg', accessKeyId: type === 'LOCAL' ? null : `AK${pad(i + 1)}${ui}DEMO${type}`.slice(0, 24),
          prefixStrategyCode: ui ? 'DATE' : 'UUID', accessControlCode: label ? 'private' : i === 1 ? 'public-read' : 'private', defaultFlag: i === 0 && ui === 0 ? 1 : 0, enabledFlag: i >= 9 && ui === 1 ? 0 : 1,
        });
      });
    });
    await insertRows(tx, 'hfle_storage_config', storages.map((s) => ({ tenantId: T1, ...s })));
    await insertRows(tx, 'hfle_storage_config', storages.slice(7, 9).map((s, i) => ({ tenantId: T2, ...s, bucketPrefix: 'second-trading', defaultFlag: i === 0 ? 1 : 0 })));

    const uploads = UPLOADS.map(([bucketName, directory, fileFormat, contentType, storageSize, storageUnitCode]) => ({ bucketName, directory, fileFormat, contentType: contentType || null, storageSize, storageUnitCode, enabledFlag: 1 }));
    await insertRows(tx, 'hfle_upload_config', uploads.map((u) => ({ tenantId: T1, ...u })));
    await insertRows(tx, 'hfle_upload_config', uploads.slice(0, 4).map((u) => ({ tenantId: T2, ...u })));

    const r = rng(6101);
    const files = (tenantId: number, list: typeof FILES) =>
      list.map(([fileName, fileType, size, bucketName, directory]) => {
        const uuid = randomHex(r);
        return {
          tenantId, attachmentUuid: uuid, bucketName, directory, fileName, fileUrl: `${bucketName}/${tenantId}/${directory}/${uuid}@${fileName}`, fileType,
          fileSize: Math.round(size * (0.8 + r.next() * 0.4)), createdBy: null, lastUpdatedBy: null,
        };
      });
    await insertRows(tx, 'hfle_file', [...files(T1, FILES), ...files(T2, FILES.slice(0, 4))]);
  },
};

/** A 32-digit hex id from the seeded generator (same on every machine). */
function randomHex(r: ReturnType<typeof rng>): string {
  let s = '';
  while (s.length < 32) s += Math.floor(r.next() * 16).toString(16);
  return s;
}
