public import ReportDocuments
public import Roofing
import LogbookStore

extension RoofingService {
    /// The account of the project named: lines, supplements, extra work, deductions, the total, the surplus and
    /// each roofer's share (`roofing account --format json`). An account that cannot be made (an agreed split that
    /// does not add up) is refused as the rules refuse data.
    public func account(project name: String) throws -> Account {
        let project = try visibleProject(name).project
        do throws(RoofingError) {
            return try Account(project)
        } catch {
            throw Self.refusal(error)
        }
    }

    /// The final account as a document for the PDF and the CSV files, in `language`, with the project's photos as
    /// its appendix when `photos`.
    public func accountDocument(
        project name: String, language: RoofingAccountDocument.Language, photos: Bool
    ) throws -> RoofingAccountDocument {
        let project = try visibleProject(name).project
        let account: Account
        do throws(RoofingError) {
            account = try Account(project)
        } catch {
            throw Self.refusal(error)
        }
        return RoofingAccountDocument(
            project: project, account: account, language: language,
            photos: photos ? try accountPhotos(project: project.name) : [])
    }
}
